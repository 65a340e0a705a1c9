CREATE TABLE "cart_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cart_id" text NOT NULL,
	"ticket_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"controlled_place_id" integer,
	"quantity" smallint NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_holds_quantity" CHECK ("cart_holds"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"user_id" text,
	"event_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"protection_provider" text,
	"promo_code" text,
	"renewals" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"lot_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "promo_codes_kind" CHECK ("promo_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "promo_codes_used" CHECK ("promo_codes"."used" >= 0 and "promo_codes"."used" <= "promo_codes"."quantity")
);
--> statement-breakpoint
ALTER TABLE "cart_holds" ADD CONSTRAINT "cart_holds_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_holds" ADD CONSTRAINT "cart_holds_ticket_id_event_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."event_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_holds" ADD CONSTRAINT "cart_holds_lot_id_ticket_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."ticket_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_holds" ADD CONSTRAINT "cart_holds_controlled_place_id_controlled_places_id_fk" FOREIGN KEY ("controlled_place_id") REFERENCES "public"."controlled_places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_holds_cart" ON "cart_holds" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "cart_holds_lot_expiry" ON "cart_holds" USING btree ("lot_id","expires_at");--> statement-breakpoint
CREATE INDEX "cart_holds_place_expiry" ON "cart_holds" USING btree ("controlled_place_id","expires_at");--> statement-breakpoint
CREATE INDEX "cart_holds_expiry" ON "cart_holds" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_session" ON "carts" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_event_code" ON "promo_codes" USING btree ("event_id","code");