CREATE TABLE "wallet_passes" (
	"serial" text PRIMARY KEY NOT NULL,
	"ticket_id" text NOT NULL,
	"qr_version" smallint NOT NULL,
	"auth_token" text NOT NULL,
	"google_state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_registrations" (
	"device_id" text NOT NULL,
	"pass_type_id" text NOT NULL,
	"serial" text NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_registrations_device_id_pass_type_id_serial_pk" PRIMARY KEY("device_id","pass_type_id","serial")
);
--> statement-breakpoint
CREATE INDEX "wallet_passes_ticket" ON "wallet_passes" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "wallet_registrations_serial" ON "wallet_registrations" USING btree ("serial");