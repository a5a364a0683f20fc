CREATE TABLE "veterans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"ssn" text,
	"va_file_number" text,
	"date_of_birth" text,
	"address" text,
	"phone" text,
	"email" text,
	"branches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"service_periods" text NOT NULL,
	"deployments" text NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "veterans" ADD CONSTRAINT "veterans_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "veterans_user_created_idx" ON "veterans" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "veterans_one_primary_per_user_idx" ON "veterans" USING btree ("user_id") WHERE "veterans"."is_primary";