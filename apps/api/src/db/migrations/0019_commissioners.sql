CREATE TABLE "commissioner_events" (
	"commissioner_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	CONSTRAINT "commissioner_events_commissioner_id_event_id_pk" PRIMARY KEY("commissioner_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "commissioners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commissioners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hash" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissioners_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "commissioner_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sale_origin" text DEFAULT 'Site' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_service_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "commissioner_events" ADD CONSTRAINT "commissioner_events_commissioner_id_commissioners_id_fk" FOREIGN KEY ("commissioner_id") REFERENCES "public"."commissioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissioner_events" ADD CONSTRAINT "commissioner_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissioner_events_event" ON "commissioner_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "orders_seller" ON "orders" USING btree ("seller_id","created_at") WHERE "orders"."seller_id" is not null;