CREATE TABLE "decision_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"file_id" uuid,
	"source" text NOT NULL,
	"text" text,
	"result" text,
	"job_status" text,
	"job_progress" integer DEFAULT 0 NOT NULL,
	"job_error" text,
	"job_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "decision_letters" ADD CONSTRAINT "decision_letters_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_letters" ADD CONSTRAINT "decision_letters_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decision_letters_user_created_idx" ON "decision_letters" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);