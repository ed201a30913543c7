-- The threads report's count without interaction filters (issue 5, item 7):
-- threads started per organisation, project and UTC day, so a period's count
-- is a sum over its days instead of a walk over every conversation in it.
-- Triggers on conversations keep it in the writer's own transaction.
CREATE TABLE "thread_days" (
  "organization_id" INTEGER NOT NULL,
  "project_id" INTEGER NOT NULL,
  "day" TEXT NOT NULL,
  "threads" INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY ("organization_id", "project_id", "day")
) WITHOUT ROWID;

INSERT INTO "thread_days" ("organization_id", "project_id", "day", "threads")
  SELECT p."organization_id", c."project_id",
    CASE typeof(c."created_at") WHEN 'integer' THEN date(c."created_at" / 1000, 'unixepoch') ELSE date(c."created_at") END AS "day", COUNT(*)
  FROM "conversations" c JOIN "projects" p ON p."id" = c."project_id"
  GROUP BY p."organization_id", c."project_id", "day";

-- On insert the organisation comes from the project (conversations.organization_id
-- is filled by another trigger, in no set order); afterwards it is on the row.
CREATE TRIGGER "thread_days_insert" AFTER INSERT ON "conversations" BEGIN
  INSERT INTO "thread_days" ("organization_id", "project_id", "day", "threads")
    SELECT p."organization_id", NEW."project_id",
      CASE typeof(NEW."created_at") WHEN 'integer' THEN date(NEW."created_at" / 1000, 'unixepoch') ELSE date(NEW."created_at") END, 1
    FROM "projects" p WHERE p."id" = NEW."project_id"
  ON CONFLICT ("organization_id", "project_id", "day") DO UPDATE SET "threads" = "threads" + 1;
END;

CREATE TRIGGER "thread_days_delete" AFTER DELETE ON "conversations" BEGIN
  UPDATE "thread_days" SET "threads" = "threads" - 1
  WHERE "organization_id" = OLD."organization_id" AND "project_id" = OLD."project_id"
    AND "day" = CASE typeof(OLD."created_at") WHEN 'integer' THEN date(OLD."created_at" / 1000, 'unixepoch') ELSE date(OLD."created_at") END;
END;

CREATE TRIGGER "thread_days_update" AFTER UPDATE OF "created_at", "project_id" ON "conversations" BEGIN
  UPDATE "thread_days" SET "threads" = "threads" - 1
  WHERE "organization_id" = OLD."organization_id" AND "project_id" = OLD."project_id"
    AND "day" = CASE typeof(OLD."created_at") WHEN 'integer' THEN date(OLD."created_at" / 1000, 'unixepoch') ELSE date(OLD."created_at") END;
  INSERT INTO "thread_days" ("organization_id", "project_id", "day", "threads")
    SELECT p."organization_id", NEW."project_id",
      CASE typeof(NEW."created_at") WHEN 'integer' THEN date(NEW."created_at" / 1000, 'unixepoch') ELSE date(NEW."created_at") END, 1
    FROM "projects" p WHERE p."id" = NEW."project_id"
  ON CONFLICT ("organization_id", "project_id", "day") DO UPDATE SET "threads" = "threads" + 1;
END;
