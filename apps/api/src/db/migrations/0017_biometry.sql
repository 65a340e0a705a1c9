CREATE TABLE "biometry_enrolments" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" smallint NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"event_id" integer,
	"review_due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biometry_enrolments_status" CHECK ("biometry_enrolments"."status" between 0 and 7)
);
--> statement-breakpoint
ALTER TABLE "biometry_enrolments" ADD CONSTRAINT "biometry_enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biometry_enrolments_user_idx" ON "biometry_enrolments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "biometry_enrolments_open" ON "biometry_enrolments" USING btree ("user_id") WHERE "biometry_enrolments"."status" in (1, 5);