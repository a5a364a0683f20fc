CREATE TABLE "user_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT 'Veteran' NOT NULL,
	"last_name" text DEFAULT 'Doe' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deletion_requested_at" timestamp with time zone,
	"subscription_status" text,
	"is_va_authenticated" jsonb DEFAULT '{"benefit_claims": false, "veteran_verification": false}'::jsonb NOT NULL,
	"theme_enabled" boolean DEFAULT false NOT NULL,
	"selected_theme_branch" text,
	"served_branches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"declared_type" text NOT NULL,
	"content_type" text,
	"size" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"multipart_upload_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id","created_at");