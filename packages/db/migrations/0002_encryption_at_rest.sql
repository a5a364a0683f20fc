CREATE TABLE "encryption_sweeps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_id" integer NOT NULL,
	"columns_hash" text NOT NULL,
	"values_rewritten" integer NOT NULL,
	"files_rewritten" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_profiles" ALTER COLUMN "first_name" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_profiles" ALTER COLUMN "last_name" DROP DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "encryption_sweeps_key_columns_idx" ON "encryption_sweeps" USING btree ("key_id","columns_hash");