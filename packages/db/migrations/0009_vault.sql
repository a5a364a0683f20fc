CREATE TABLE "storage_totals" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"doc_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_user_created_idx" ON "documents" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE FUNCTION "storage_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
  owner text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    owner := NEW."owner_id";
    IF NEW."status" <> 'rejected' THEN delta := NEW."size"; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    owner := OLD."owner_id";
    IF OLD."status" <> 'rejected' THEN delta := -OLD."size"; END IF;
  ELSE
    owner := NEW."owner_id";
    IF OLD."status" <> 'rejected' AND NEW."status" = 'rejected' THEN delta := -OLD."size"; END IF;
    IF OLD."status" = 'rejected' AND NEW."status" <> 'rejected' THEN delta := NEW."size"; END IF;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO "storage_totals" ("owner_id", "bytes") VALUES (owner, delta)
    ON CONFLICT ("owner_id") DO UPDATE SET "bytes" = "storage_totals"."bytes" + delta;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "files_storage_total" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "files"
FOR EACH ROW EXECUTE FUNCTION "storage_totals_follow"();
--> statement-breakpoint
-- Files stored before this table, counted once; the trigger above keeps it from here on.
INSERT INTO "storage_totals" ("owner_id", "bytes")
SELECT "owner_id", sum("size") FROM "files" WHERE "status" <> 'rejected' GROUP BY "owner_id"
ON CONFLICT ("owner_id") DO UPDATE SET "bytes" = EXCLUDED."bytes";
