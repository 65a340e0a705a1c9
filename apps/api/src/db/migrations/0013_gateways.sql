ALTER TABLE "events" ADD COLUMN "gateway" smallint;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_gateway" CHECK ("events"."gateway" in (0, 1, 3, 4, 5, 6, 7, 8));