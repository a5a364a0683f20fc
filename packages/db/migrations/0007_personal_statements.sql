CREATE TABLE "personal_statement_versions" (
	"statement_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_statement_versions_statement_id_version_pk" PRIMARY KEY("statement_id","version"),
	CONSTRAINT "personal_statement_versions_source_check" CHECK ("personal_statement_versions"."source" in ('composer', 'model', 'veteran'))
);
--> statement-breakpoint
CREATE TABLE "personal_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"disability_id" uuid NOT NULL,
	"latest_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_statements_latest_version_check" CHECK ("personal_statements"."latest_version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "personal_statement_versions" ADD CONSTRAINT "personal_statement_versions_statement_id_personal_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."personal_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_statement_versions" ADD CONSTRAINT "personal_statement_versions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_statements" ADD CONSTRAINT "personal_statements_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_statements" ADD CONSTRAINT "personal_statements_disability_id_disabilities_id_fk" FOREIGN KEY ("disability_id") REFERENCES "public"."disabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_statement_versions_user_idx" ON "personal_statement_versions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "personal_statements_list_idx" ON "personal_statements" USING btree ("disability_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "personal_statements_user_idx" ON "personal_statements" USING btree ("user_id");