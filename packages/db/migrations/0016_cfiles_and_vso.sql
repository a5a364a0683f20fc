CREATE TABLE "cfile_chunks" (
	"cfile_id" uuid NOT NULL,
	"first_page" integer NOT NULL,
	"last_page" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cfile_chunks_cfile_id_first_page_pk" PRIMARY KEY("cfile_id","first_page")
);
--> statement-breakpoint
CREATE TABLE "cfile_pages" (
	"cfile_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"source" text NOT NULL,
	"text" text NOT NULL,
	"protected_7332" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cfile_pages_cfile_id_page_pk" PRIMARY KEY("cfile_id","page")
);
--> statement-breakpoint
CREATE TABLE "cfiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"file_id" uuid,
	"filename" text NOT NULL,
	"pages_total" integer,
	"pages_done" integer DEFAULT 0 NOT NULL,
	"pages_ocr" integer DEFAULT 0 NOT NULL,
	"medications" text,
	"conditions" text,
	"medications_count" integer,
	"conditions_count" integer,
	"job_status" text,
	"job_progress" integer DEFAULT 0 NOT NULL,
	"job_error" text,
	"job_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vso_representatives" (
	"user_id" text PRIMARY KEY NOT NULL,
	"organization" text NOT NULL,
	"representative_name" text NOT NULL,
	"accreditation_number" text,
	"poa_code" text,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vso_share_accesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"share_id" uuid NOT NULL,
	"accessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"item_kind" text,
	"item_id" uuid,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "vso_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"label" text,
	"items" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vso_shares_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "cfile_chunks" ADD CONSTRAINT "cfile_chunks_cfile_id_cfiles_id_fk" FOREIGN KEY ("cfile_id") REFERENCES "public"."cfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfile_pages" ADD CONSTRAINT "cfile_pages_cfile_id_cfiles_id_fk" FOREIGN KEY ("cfile_id") REFERENCES "public"."cfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfiles" ADD CONSTRAINT "cfiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfiles" ADD CONSTRAINT "cfiles_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vso_representatives" ADD CONSTRAINT "vso_representatives_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vso_share_accesses" ADD CONSTRAINT "vso_share_accesses_share_id_vso_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."vso_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vso_shares" ADD CONSTRAINT "vso_shares_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cfile_chunks_status_idx" ON "cfile_chunks" USING btree ("cfile_id","status");--> statement-breakpoint
CREATE INDEX "cfiles_user_created_idx" ON "cfiles" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vso_share_accesses_share_idx" ON "vso_share_accesses" USING btree ("share_id","accessed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vso_shares_user_created_idx" ON "vso_shares" USING btree ("user_id","created_at" DESC NULLS LAST);