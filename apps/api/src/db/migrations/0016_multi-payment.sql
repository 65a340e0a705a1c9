CREATE TABLE "payment_parts" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"position" smallint NOT NULL,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"value_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"installments" smallint DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_ref" text,
	"status" text NOT NULL,
	"status_detail" text,
	"card_brand" text,
	"card_last4" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_parts" ADD CONSTRAINT "payment_parts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_parts" ADD CONSTRAINT "payment_parts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_parts_attempt" ON "payment_parts" USING btree ("order_id","position","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_parts_key" ON "payment_parts" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_parts_live" ON "payment_parts" USING btree ("order_id","position") WHERE "payment_parts"."status" not in ('rejected', 'failed', 'cancelled', 'expired');--> statement-breakpoint
CREATE INDEX "payment_parts_gateway_ref" ON "payment_parts" USING btree ("gateway_ref");--> statement-breakpoint
CREATE INDEX "payment_parts_open" ON "payment_parts" USING btree ("status");