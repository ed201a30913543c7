-- The threads report's count without interaction filters (issue 5, item 7):
-- threads started per organisation, project and UTC day, so a period's count
-- is a sum over its days instead of a walk over every conversation in it.
-- A trigger on conversations keeps it in the writer's own transaction.
CREATE TABLE "thread_days" (
  "organization_id" INTEGER NOT NULL,
  "project_id" INTEGER NOT NULL,
  "day" TEXT NOT NULL,
  "threads" INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY ("organization_id", "project_id", "day")
);

INSERT INTO "thread_days" ("organization_id", "project_id", "day", "threads")
  SELECT c."organization_id", c."project_id", to_char(c."created_at", 'YYYY-MM-DD') AS "day", COUNT(*)
  FROM "conversations" c
  GROUP BY c."organization_id", c."project_id", "day";

-- created_at holds UTC (timestamp without time zone), so its date is the UTC day.
CREATE FUNCTION conversations_thread_days() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "thread_days" SET "threads" = "threads" - 1
    WHERE "organization_id" = OLD."organization_id" AND "project_id" = OLD."project_id" AND "day" = to_char(OLD."created_at", 'YYYY-MM-DD');
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO "thread_days" ("organization_id", "project_id", "day", "threads")
    VALUES (NEW."organization_id", NEW."project_id", to_char(NEW."created_at", 'YYYY-MM-DD'), 1)
    ON CONFLICT ("organization_id", "project_id", "day") DO UPDATE SET "threads" = "thread_days"."threads" + 1;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "conversations_thread_days" AFTER INSERT OR DELETE OR UPDATE OF "created_at", "project_id", "organization_id" ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION conversations_thread_days();
