CREATE TABLE "captcha_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"phone" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"document" text NOT NULL,
	"nationality" smallint NOT NULL,
	"birth_date" date NOT NULL,
	"responsible_document" text,
	"gender" smallint,
	"ddi_phone" text NOT NULL,
	"phone" text NOT NULL,
	"state_ibge" integer,
	"city_ibge" integer,
	"password_hash" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"phone_verified_at" timestamp with time zone,
	"marketing_emails" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "controlled_places" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "controlled_places_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"section_id" integer NOT NULL,
	"kind" text NOT NULL,
	"alias" text NOT NULL,
	"row_label" text,
	"seat_number" integer,
	"table_number" integer,
	"x" real NOT NULL,
	"y" real NOT NULL,
	"min_seats" smallint DEFAULT 1 NOT NULL,
	"capacity" smallint DEFAULT 1 NOT NULL,
	"sold" smallint DEFAULT 0 NOT NULL,
	"held" smallint DEFAULT 0 NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "controlled_places_kind" CHECK ("controlled_places"."kind" in ('seat', 'table')),
	CONSTRAINT "controlled_places_stock" CHECK ("controlled_places"."sold" >= 0 and "controlled_places"."held" >= 0 and "controlled_places"."sold" + "controlled_places"."held" <= "controlled_places"."capacity")
);
--> statement-breakpoint
CREATE TABLE "event_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"poster_theme" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_groups_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "event_sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" smallint NOT NULL,
	"min_qtd" smallint DEFAULT 1 NOT NULL,
	"max_qtd" smallint DEFAULT 8 NOT NULL,
	"book_as_a_whole" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"section_id" integer NOT NULL,
	"name" text NOT NULL,
	"alias" text NOT NULL,
	"position" smallint NOT NULL,
	"min_qtd" smallint DEFAULT 1 NOT NULL,
	"facial_at_moment_of_purchase" boolean DEFAULT false NOT NULL,
	"tickets_per_cpf" smallint,
	"owner_control" boolean DEFAULT false NOT NULL,
	"no_interest" boolean DEFAULT false NOT NULL,
	"online_note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"age_rating" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"currency" text NOT NULL,
	"producer_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"group_id" integer,
	"featured" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"poster_theme" text,
	"send_pixel" boolean DEFAULT false NOT NULL,
	"exclusive_emissors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_tickets_per_cart" smallint,
	"doc_type" smallint DEFAULT 1 NOT NULL,
	"facial_is_active" boolean DEFAULT false NOT NULL,
	"facial_validation_is_active" boolean DEFAULT false NOT NULL,
	"refund_site_active" boolean DEFAULT false NOT NULL,
	"refund_site_percent_bp" integer DEFAULT 0 NOT NULL,
	"refund_commissioner_active" boolean DEFAULT false NOT NULL,
	"refund_commissioner_percent_bp" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_slug_unique" UNIQUE("slug"),
	CONSTRAINT "events_currency" CHECK ("events"."currency" in ('BRL', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "producers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "producers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "producers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "selling_points" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "selling_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"opening_hours" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_lots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"fee_bp" integer DEFAULT 0 NOT NULL,
	"app_fee_bp" integer DEFAULT 0 NOT NULL,
	"processing_fee_cents" integer DEFAULT 0 NOT NULL,
	"processing_fee_added" boolean DEFAULT false NOT NULL,
	"capacity" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ticket_lots_stock" CHECK ("ticket_lots"."sold" >= 0 and "ticket_lots"."held" >= 0 and "ticket_lots"."sold" + "ticket_lots"."held" <= "ticket_lots"."capacity")
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "venues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"address" text NOT NULL,
	"address_number" text NOT NULL,
	"district" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controlled_places" ADD CONSTRAINT "controlled_places_section_id_event_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."event_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sections" ADD CONSTRAINT "event_sections_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_section_id_event_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."event_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_group_id_event_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."event_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selling_points" ADD CONSTRAINT "selling_points_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_lots" ADD CONSTRAINT "ticket_lots_ticket_id_event_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."event_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_document_key" ON "users" USING btree ("document");--> statement-breakpoint
CREATE UNIQUE INDEX "controlled_places_section_alias" ON "controlled_places" USING btree ("section_id","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "event_sections_event_name" ON "event_sections" USING btree ("event_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "event_tickets_section_name" ON "event_tickets" USING btree ("section_id","name");--> statement-breakpoint
CREATE INDEX "events_starts_at" ON "events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "events_group" ON "events" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "selling_points_event" ON "selling_points" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_lots_ticket_number" ON "ticket_lots" USING btree ("ticket_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_name_city" ON "venues" USING btree ("name","city");