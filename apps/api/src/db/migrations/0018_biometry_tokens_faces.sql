CREATE TABLE "biometry_faces" (
	"subject_id" uuid PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biometry_review_images" (
	"enrolment_uuid" uuid PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"purge_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biometry_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrolment_uuid" uuid NOT NULL,
	"channel" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "biometry_faces" ADD CONSTRAINT "biometry_faces_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biometry_review_images" ADD CONSTRAINT "biometry_review_images_enrolment_uuid_biometry_enrolments_uuid_fk" FOREIGN KEY ("enrolment_uuid") REFERENCES "public"."biometry_enrolments"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biometry_tokens" ADD CONSTRAINT "biometry_tokens_enrolment_uuid_biometry_enrolments_uuid_fk" FOREIGN KEY ("enrolment_uuid") REFERENCES "public"."biometry_enrolments"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "biometry_review_images_purge_idx" ON "biometry_review_images" USING btree ("purge_at");--> statement-breakpoint
CREATE INDEX "biometry_tokens_enrolment_idx" ON "biometry_tokens" USING btree ("enrolment_uuid");