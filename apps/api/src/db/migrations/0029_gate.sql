CREATE TABLE "event_rotation_keys" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_rotation_keys_length" CHECK (length("event_rotation_keys"."key") = 43)
);
--> statement-breakpoint
CREATE TABLE "gate_check_in_conflicts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gate_check_in_conflicts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" text NOT NULL,
	"event_id" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"first_gate" text,
	"first_device" text,
	"duplicate_at" timestamp with time zone NOT NULL,
	"duplicate_gate" text,
	"duplicate_device" text NOT NULL,
	"client_id" text NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ticket_code" text DEFAULT 'static' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "checked_in_device" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "gate_check_in_conflicts_client" ON "gate_check_in_conflicts" USING btree ("duplicate_device","client_id");--> statement-breakpoint
CREATE INDEX "gate_check_in_conflicts_event" ON "gate_check_in_conflicts" USING btree ("event_id","reported_at");--> statement-breakpoint
CREATE INDEX "tickets_event_changed" ON "tickets" USING btree ("event_id","changed_at");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_ticket_code" CHECK ("events"."ticket_code" in ('static', 'rotating', 'rotating_printable'));--> statement-breakpoint
-- Issue 35: every insert and update of a ticket (a sale, a transfer, a void, a check-in, whatever writes it)
-- stamps changed_at, so the gate's delta (tickets changed since a cursor) misses none. clock_timestamp():
-- the moment of the write, not of its transaction's start, so a long transaction lands close to its commit.
CREATE FUNCTION "tickets_stamp_changed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.changed_at := clock_timestamp();
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_changed_at" BEFORE INSERT OR UPDATE ON "tickets" FOR EACH ROW EXECUTE FUNCTION "tickets_stamp_changed_at"();
