ALTER TABLE "orders" DROP CONSTRAINT "orders_method";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "interest_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'BRL' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "currency" text DEFAULT 'BRL' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "currency" text DEFAULT 'BRL' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "installments" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_refund_due" ON "payments" USING btree ("order_id") WHERE "payments"."status_detail" like 'refund_due:%';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_method" CHECK ("orders"."method" in ('credit_card', 'pix', 'free'));