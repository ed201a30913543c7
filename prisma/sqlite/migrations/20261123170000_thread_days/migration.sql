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

-- One thread more (delta 1) or less (-1) on the UTC day of `created_at`,
-- written once as an INSTEAD OF trigger on a row-less view (SQLite triggers
-- cannot call one another): the triggers below insert into the view.
CREATE VIEW "thread_days_change" AS SELECT "organization_id", "project_id", "created_at", 0 AS "delta" FROM "conversations" WHERE 0;
CREATE TRIGGER "thread_days_change_run" INSTEAD OF INSERT ON "thread_days_change" BEGIN
  INSERT INTO "thread_days" ("organization_id", "project_id", "day", "threads")
    SELECT NEW."organization_id", NEW."project_id",
      CASE typeof(NEW."created_at") WHEN 'integer' THEN date(NEW."created_at" / 1000, 'unixepoch') ELSE date(NEW."created_at") END, 1
    WHERE NEW."delta" > 0
  ON CONFLICT ("organization_id", "project_id", "day") DO UPDATE SET "threads" = "threads" + 1;
  UPDATE "thread_days" SET "threads" = "threads" - 1
  WHERE NEW."delta" < 0 AND "organization_id" = NEW."organization_id" AND "project_id" = NEW."project_id"
    AND "day" = CASE typeof(NEW."created_at") WHEN 'integer' THEN date(NEW."created_at" / 1000, 'unixepoch') ELSE date(NEW."created_at") END;
END;

-- On insert the organisation comes from the project (conversations.organization_id
-- is filled by another trigger, in no set order); afterwards it is on the row.
CREATE TRIGGER "thread_days_insert" AFTER INSERT ON "conversations" BEGIN
  INSERT INTO "thread_days_change" SELECT p."organization_id", NEW."project_id", NEW."created_at", 1 FROM "projects" p WHERE p."id" = NEW."project_id";
END;

CREATE TRIGGER "thread_days_delete" AFTER DELETE ON "conversations" BEGIN
  INSERT INTO "thread_days_change" VALUES (OLD."organization_id", OLD."project_id", OLD."created_at", -1);
END;

CREATE TRIGGER "thread_days_update" AFTER UPDATE OF "created_at", "project_id" ON "conversations" BEGIN
  INSERT INTO "thread_days_change" VALUES (OLD."organization_id", OLD."project_id", OLD."created_at", -1);
  INSERT INTO "thread_days_change" SELECT p."organization_id", NEW."project_id", NEW."created_at", 1 FROM "projects" p WHERE p."id" = NEW."project_id";
END;
