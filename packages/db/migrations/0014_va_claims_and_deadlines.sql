CREATE TABLE "va_claim_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"claim_key" text NOT NULL,
	"claim_id" uuid,
	"status" text DEFAULT 'submitting' NOT NULL,
	"va_claim_id" text,
	"payload" text,
	"error" text,
	"submitting_until" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"docket" text NOT NULL,
	"filed_on" text NOT NULL,
	"decision_letter_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deadline_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"deadline_key" text NOT NULL,
	"kind" text NOT NULL,
	"due_on" text NOT NULL,
	"days_before" integer NOT NULL,
	"remind_on" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "reminders_off" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "va_claim_submissions" ADD CONSTRAINT "va_claim_submissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "va_claim_submissions" ADD CONSTRAINT "va_claim_submissions_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_appeals" ADD CONSTRAINT "board_appeals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_appeals" ADD CONSTRAINT "board_appeals_decision_letter_id_decision_letters_id_fk" FOREIGN KEY ("decision_letter_id") REFERENCES "public"."decision_letters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "va_claim_submissions_user_claim_idx" ON "va_claim_submissions" USING btree ("user_id","claim_key");--> statement-breakpoint
CREATE INDEX "board_appeals_user_idx" ON "board_appeals" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deadline_reminders_key_idx" ON "deadline_reminders" USING btree ("user_id","deadline_key","days_before");--> statement-breakpoint
CREATE INDEX "deadline_reminders_unsent_idx" ON "deadline_reminders" USING btree ("created_at") WHERE "deadline_reminders"."sent_at" is null;