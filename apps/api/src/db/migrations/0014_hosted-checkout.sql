CREATE TABLE "hosted_checkouts" (
	"preference_id" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"order_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hosted_checkouts_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_preferences" (
	"id" text PRIMARY KEY NOT NULL,
	"external_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"title" text NOT NULL,
	"back_urls" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_preferences_external_ref_unique" UNIQUE("external_ref")
);
--> statement-breakpoint
ALTER TABLE "hosted_checkouts" ADD CONSTRAINT "hosted_checkouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosted_checkouts" ADD CONSTRAINT "hosted_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hosted_checkouts_expiry" ON "hosted_checkouts" USING btree ("expires_at");