CREATE TABLE "event_queues" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"clock" timestamp with time zone NOT NULL,
	"admitted" integer DEFAULT 0 NOT NULL,
	"drawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "queue_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queue_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"user_id" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rank" bigint,
	"admitted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "on_sale_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "queue_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "queue_rate_per_minute" integer;--> statement-breakpoint
ALTER TABLE "event_queues" ADD CONSTRAINT "event_queues_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_session" ON "queue_entries" USING btree ("event_id","session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_user" ON "queue_entries" USING btree ("event_id","user_id") WHERE "queue_entries"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "queue_entries_waiting" ON "queue_entries" USING btree ("event_id","rank","id") WHERE "queue_entries"."admitted_at" is null;