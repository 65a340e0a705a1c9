CREATE TABLE "cart_promo_uses" (
	"cart_id" text PRIMARY KEY NOT NULL,
	"promo_id" integer NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "cart_promo_uses_units" CHECK ("cart_promo_uses"."units" > 0)
);
--> statement-breakpoint
ALTER TABLE "cart_promo_uses" ADD CONSTRAINT "cart_promo_uses_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_promo_uses" ADD CONSTRAINT "cart_promo_uses_promo_id_promo_codes_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_promo_uses_promo" ON "cart_promo_uses" USING btree ("promo_id");