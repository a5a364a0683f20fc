ALTER TABLE "user_profiles" ADD COLUMN "reminders_checked_on" text;--> statement-breakpoint
ALTER TABLE "va_claim_submissions" ADD COLUMN "attempt_id" uuid;