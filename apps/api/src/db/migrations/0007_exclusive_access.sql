CREATE TABLE "exclusive_access_grants" (
	"session_id" text NOT NULL,
	"event_id" integer NOT NULL,
	"emissor_type" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exclusive_access_grants_pk" PRIMARY KEY("session_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "event_access_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_access_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"emissor_type" text NOT NULL,
	"bin_prefix" text,
	"code_hash" text,
	CONSTRAINT "event_access_codes_one" CHECK (("event_access_codes"."bin_prefix" is null) <> ("event_access_codes"."code_hash" is null) and ("event_access_codes"."bin_prefix" is null or "event_access_codes"."bin_prefix" ~ '^[0-9]{6,8}$'))
);
--> statement-breakpoint
ALTER TABLE "exclusive_access_grants" ADD CONSTRAINT "exclusive_access_grants_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_access_codes" ADD CONSTRAINT "event_access_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exclusive_access_grants_expiry" ON "exclusive_access_grants" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "event_access_codes_event" ON "event_access_codes" USING btree ("event_id","emissor_type");--> statement-breakpoint
CREATE UNIQUE INDEX "event_access_codes_hash" ON "event_access_codes" USING btree ("event_id","emissor_type","code_hash");