ALTER TABLE "cart_holds" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "cart_holds" ADD COLUMN "fee_bp" integer;--> statement-breakpoint
ALTER TABLE "cart_holds" ADD COLUMN "app_fee_bp" integer;--> statement-breakpoint
ALTER TABLE "cart_holds" ADD COLUMN "processing_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "cart_holds" ADD COLUMN "processing_fee_added" boolean;