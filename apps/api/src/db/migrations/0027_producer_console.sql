CREATE TABLE "poster_images" (
	"id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "controlled_places" ADD COLUMN "reserved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "poster_id" text;--> statement-breakpoint
ALTER TABLE "ticket_lots" ADD COLUMN "sales_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_lots" ADD COLUMN "sales_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "checked_in_by" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "check_in_gate" text;--> statement-breakpoint
CREATE INDEX "tickets_event_checked_in" ON "tickets" USING btree ("event_id","checked_in_at");