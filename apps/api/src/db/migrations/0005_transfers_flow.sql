CREATE TABLE "transfer_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"verified_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "qr_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "transfer_codes" ADD CONSTRAINT "transfer_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_transfers_destination_user" ON "ticket_transfers" USING btree ("destination_user_id","status");