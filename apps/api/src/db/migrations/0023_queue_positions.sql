ALTER TABLE "event_queues" ADD COLUMN "joined" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "places_before" bigint;