CREATE TABLE "thread_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "thread_counts" ADD CONSTRAINT "thread_counts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "thread_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "thread_counts" SET "total" = "total" - 1 WHERE "user_id" = OLD."user_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "thread_counts" ("user_id", "total") VALUES (NEW."user_id", 1)
    ON CONFLICT ("user_id") DO UPDATE SET "total" = "thread_counts"."total" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "threads_count_insert_delete" AFTER INSERT OR DELETE ON "threads"
FOR EACH ROW EXECUTE FUNCTION "thread_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "threads_count_owner_change" AFTER UPDATE OF "user_id" ON "threads"
FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id") EXECUTE FUNCTION "thread_counts_follow"();
--> statement-breakpoint
-- Existing threads, counted once; the triggers above (which lock the table) keep it from here on.
INSERT INTO "thread_counts" ("user_id", "total")
SELECT "user_id", count(*) FROM "threads" GROUP BY "user_id"
ON CONFLICT ("user_id") DO UPDATE SET "total" = EXCLUDED."total";
