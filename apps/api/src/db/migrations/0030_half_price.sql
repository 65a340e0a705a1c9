ALTER TABLE "event_sections" ADD COLUMN "half_quota" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_sections" ADD COLUMN "half_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_sections" ADD COLUMN "half_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD COLUMN "half_price" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "half_price_quota_percent" smallint;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "half_price_categories" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "half_price_category" text;--> statement-breakpoint
ALTER TABLE "event_sections" ADD CONSTRAINT "event_sections_half_quota" CHECK ("event_sections"."half_sold" >= 0 and "event_sections"."half_held" >= 0 and "event_sections"."half_sold" + "event_sections"."half_held" <= "event_sections"."half_quota");