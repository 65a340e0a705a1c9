ALTER TABLE "events" ADD COLUMN "nfe_mandatory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_interest_free_installments" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "nfe_document" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "challenge_url" text;