CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"cart_id" text NOT NULL,
	"event_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" smallint NOT NULL,
	"method" text NOT NULL,
	"installments" smallint DEFAULT 1 NOT NULL,
	"total_cents" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"promo" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"buyer_document" text NOT NULL,
	"transfers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pix_payload" text,
	"pix_expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status" CHECK ("orders"."status" in (1, 3, 4, 6, 7, 8)),
	CONSTRAINT "orders_method" CHECK ("orders"."method" in ('credit_card', 'pix'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_ref" text,
	"status" text NOT NULL,
	"status_detail" text,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"status_detail" text NOT NULL,
	"external_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_external_ref_unique" UNIQUE("external_ref")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"unit" smallint NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"controlled_place_id" integer,
	"holder_cpf" text NOT NULL,
	"qr" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_live_cart" ON "orders" USING btree ("cart_id") WHERE "orders"."status" in (1, 3, 4);--> statement-breakpoint
CREATE INDEX "orders_user" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_gateway_ref" ON "payments" USING btree ("gateway_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_order_unit" ON "tickets" USING btree ("order_id","unit");--> statement-breakpoint
CREATE INDEX "tickets_user" ON "tickets" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE INDEX "tickets_holder" ON "tickets" USING btree ("ticket_id","holder_cpf");