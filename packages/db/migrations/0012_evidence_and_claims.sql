CREATE TABLE "claim_disabilities" (
	"claim_id" uuid NOT NULL,
	"disability_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "claim_disabilities_claim_id_disability_id_pk" PRIMARY KEY("claim_id","disability_id")
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"veteran_id" uuid,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "layman_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"disability_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"relationship" text NOT NULL,
	"witnessed" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"answers" text,
	"statement" text,
	"signature" text,
	"signer" text,
	"certified_at" timestamp with time zone,
	"attachment_file_id" uuid,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "layman_statements_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "nexus_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"disability_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"opinion_basis" text DEFAULT 'caused' NOT NULL,
	"details" text NOT NULL,
	"negative_conditions" text NOT NULL,
	"content" text,
	"signed_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nexus_provider_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"nexus_letter_id" uuid NOT NULL,
	"provider_name" text NOT NULL,
	"provider_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"uploaded_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nexus_provider_requests_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "claim_disabilities" ADD CONSTRAINT "claim_disabilities_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_disabilities" ADD CONSTRAINT "claim_disabilities_disability_id_disabilities_id_fk" FOREIGN KEY ("disability_id") REFERENCES "public"."disabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_veteran_id_veterans_id_fk" FOREIGN KEY ("veteran_id") REFERENCES "public"."veterans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layman_statements" ADD CONSTRAINT "layman_statements_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layman_statements" ADD CONSTRAINT "layman_statements_disability_id_disabilities_id_fk" FOREIGN KEY ("disability_id") REFERENCES "public"."disabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layman_statements" ADD CONSTRAINT "layman_statements_attachment_file_id_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nexus_letters" ADD CONSTRAINT "nexus_letters_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nexus_letters" ADD CONSTRAINT "nexus_letters_disability_id_disabilities_id_fk" FOREIGN KEY ("disability_id") REFERENCES "public"."disabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nexus_letters" ADD CONSTRAINT "nexus_letters_signed_file_id_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nexus_provider_requests" ADD CONSTRAINT "nexus_provider_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nexus_provider_requests" ADD CONSTRAINT "nexus_provider_requests_nexus_letter_id_nexus_letters_id_fk" FOREIGN KEY ("nexus_letter_id") REFERENCES "public"."nexus_letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nexus_provider_requests" ADD CONSTRAINT "nexus_provider_requests_uploaded_file_id_files_id_fk" FOREIGN KEY ("uploaded_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_disabilities_disability_idx" ON "claim_disabilities" USING btree ("disability_id");--> statement-breakpoint
CREATE INDEX "claims_user_created_idx" ON "claims" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "layman_statements_user_created_idx" ON "layman_statements" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "layman_statements_disability_idx" ON "layman_statements" USING btree ("disability_id");--> statement-breakpoint
CREATE INDEX "nexus_letters_user_created_idx" ON "nexus_letters" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "nexus_letters_disability_idx" ON "nexus_letters" USING btree ("disability_id");--> statement-breakpoint
CREATE INDEX "nexus_provider_requests_letter_idx" ON "nexus_provider_requests" USING btree ("nexus_letter_id");