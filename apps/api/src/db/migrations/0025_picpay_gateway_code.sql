ALTER TABLE "events" DROP CONSTRAINT "events_gateway";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_gateway" CHECK ("events"."gateway" in (0, 1, 2, 3, 4, 5, 6, 7, 8));