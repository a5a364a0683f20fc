CREATE TABLE "disabilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"veteran_id" uuid,
	"title" text NOT NULL,
	"diagnostic_code" text,
	"classification_code" text,
	"side_of_body" text,
	"diagnosis" text,
	"claim_type" text,
	"percent" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disabilities_percent_check" CHECK ("disabilities"."percent" is null or ("disabilities"."percent" between 0 and 100 and "disabilities"."percent" % 10 = 0))
);
--> statement-breakpoint
CREATE TABLE "disability_answers" (
	"disability_id" uuid NOT NULL,
	"step" text NOT NULL,
	"user_id" text NOT NULL,
	"answers" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disability_answers_disability_id_step_pk" PRIMARY KEY("disability_id","step")
);
--> statement-breakpoint
CREATE TABLE "disability_dsm_criteria" (
	"condition_id" uuid NOT NULL,
	"criterion" text NOT NULL,
	"user_id" text NOT NULL,
	"disability_id" uuid NOT NULL,
	"answers" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disability_dsm_criteria_condition_id_criterion_pk" PRIMARY KEY("condition_id","criterion")
);
--> statement-breakpoint
CREATE TABLE "disability_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"disability_id" uuid NOT NULL,
	"parent_id" uuid,
	"kind" text NOT NULL,
	"details" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disability_secondary_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"disability_id" uuid NOT NULL,
	"relation" text NOT NULL,
	"explanation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disability_secondary_primaries" (
	"connection_id" uuid NOT NULL,
	"primary_id" uuid NOT NULL,
	CONSTRAINT "disability_secondary_primaries_connection_id_primary_id_pk" PRIMARY KEY("connection_id","primary_id")
);
--> statement-breakpoint
ALTER TABLE "disabilities" ADD CONSTRAINT "disabilities_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disabilities" ADD CONSTRAINT "disabilities_veteran_id_veterans_id_fk" FOREIGN KEY ("veteran_id") REFERENCES "public"."veterans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disability_answers" ADD CONSTRAINT "disability_answers_disability_id_disabilities_id_fk" FOREIGN KEY ("disability_id") REFERENCES "public"."disabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disability_answers" ADD CONSTRAINT "disability_answers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disability_dsm_criteria" ADD CONSTRAINT "disability_dsm_criteria_condition_id_disability_records_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."disability_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disability_dsm_criteria" ADD CONSTRAINT "disability_dsm_criteria_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disability_dsm_criteria" ADD CONSTRAINT "disability_dsm_criteria_disability_id_disabilities_id_fk" FOREIGN KEY ("disability_id") REFERENCES "public"."disabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disability_records" ADD CONSTRAINT "disability_records_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disability_records" ADD CONSTRAINT "disability_records_disability_id_disabilities_id_fk" FOREIGN KEY ("disability_id") REFERENCES "public"."disabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disability_records" ADD CONSTRAINT "disability_records_parent_id_disability_records_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."disability_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disability_secondary_connections" ADD CONSTRAINT "disability_secondary_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disability_secondary_connections" ADD CONSTRAINT "disability_secondary_connections_disability_id_disabilities_id_fk" FOREIGN KEY ("disability_id") REFERENCES "public"."disabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disability_secondary_primaries" ADD CONSTRAINT "disability_secondary_primaries_connection_id_disability_secondary_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."disability_secondary_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disability_secondary_primaries" ADD CONSTRAINT "disability_secondary_primaries_primary_id_disabilities_id_fk" FOREIGN KEY ("primary_id") REFERENCES "public"."disabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disabilities_user_created_idx" ON "disabilities" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disabilities_veteran_idx" ON "disabilities" USING btree ("veteran_id");--> statement-breakpoint
CREATE INDEX "disability_answers_user_idx" ON "disability_answers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "disability_dsm_criteria_disability_idx" ON "disability_dsm_criteria" USING btree ("disability_id");--> statement-breakpoint
CREATE INDEX "disability_dsm_criteria_user_idx" ON "disability_dsm_criteria" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "disability_records_list_idx" ON "disability_records" USING btree ("disability_id","kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disability_records_parent_idx" ON "disability_records" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "disability_records_user_idx" ON "disability_records" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "disability_secondary_connections_list_idx" ON "disability_secondary_connections" USING btree ("disability_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disability_secondary_connections_user_idx" ON "disability_secondary_connections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "disability_secondary_primaries_primary_idx" ON "disability_secondary_primaries" USING btree ("primary_id");