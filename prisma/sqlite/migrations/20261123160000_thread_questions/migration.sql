-- The threads report's `question` filter over a year of a busy organisation
-- (issue 5, item 7): one index entry per thread instead of per interaction,
-- so counting the threads whose questions contain a common word reads the
-- index alone.
--
-- thread_question_fts: an FTS5 trigram index over each thread's questions,
-- one column per interaction type (search, stream, deepsearch, other), each
-- the questions of that type joined by newlines (a search term never holds a
-- newline on this path, so no match spans two questions; a column filter
-- answers `question` with `interaction_types`). detail=full keeps positions:
-- the term is a phrase of its trigrams, an exact case-insensitive substring
-- match with no row to re-read. Contentless (the questions stay in
-- interactions) with contentless_delete so a thread's entry can be replaced
-- when it grows.
--
-- Its rowid is conversations.question_key, which orders entries by project,
-- then UTC day of the thread's start, then arrival:
--   project_id * 2^40 + day * 2^23 + sequence of the thread in that day
-- so one project's threads of a period are one rowid range, which FTS5
-- seeks to, and an organisation's are one range per project. The key is NULL
-- (and reports fall back to the per-interaction index) when it cannot be
-- formed: a project id of 2^23 or more, over 2^23 threads in one project in
-- one day, or a start date SQLite cannot read.
ALTER TABLE "conversations" ADD COLUMN "question_key" INTEGER;

UPDATE "conversations" SET "question_key" = k."key"
FROM (
  SELECT "id",
    ("project_id" << 40) + ("day" << 23) + ROW_NUMBER() OVER (PARTITION BY "project_id", "day" ORDER BY "created_at", "id") - 1 AS "key"
  FROM (
    SELECT "id", "project_id", "created_at",
      CASE typeof("created_at") WHEN 'integer' THEN "created_at" / 86400000 ELSE unixepoch("created_at") / 86400 END AS "day"
    FROM "conversations"
  )
  WHERE "project_id" BETWEEN 0 AND 8388607 AND "day" BETWEEN 0 AND 131071
) AS k
WHERE "conversations"."id" = k."id";

CREATE UNIQUE INDEX "conversations_question_key_key" ON "conversations" ("question_key");
-- Lets a report see at once whether a scope holds a thread without a key.
CREATE INDEX "conversations_question_key_missing_idx" ON "conversations" ("organization_id", "project_id") WHERE "question_key" IS NULL;

CREATE VIRTUAL TABLE "thread_question_fts" USING fts5(
  search, stream, deepsearch, other, content = '', contentless_delete = 1, tokenize = 'trigram', detail = 'full'
);

-- Each thread's entry: its questions by type. Read for one thread, SQLite
-- pushes the conversation_id condition into the view (the thread's rows only,
-- through the conversation_id index).
CREATE VIEW "thread_question_columns" AS
  SELECT "conversation_id",
    group_concat(CASE "type" WHEN 'search' THEN "question" END, char(10)) AS "search",
    group_concat(CASE "type" WHEN 'stream' THEN "question" END, char(10)) AS "stream",
    group_concat(CASE "type" WHEN 'deepsearch' THEN "question" END, char(10)) AS "deepsearch",
    group_concat(CASE WHEN "type" NOT IN ('search', 'stream', 'deepsearch') THEN "question" END, char(10)) AS "other"
  FROM "interactions" GROUP BY "conversation_id";

INSERT INTO "thread_question_fts" (rowid, search, stream, deepsearch, other)
  SELECT c."question_key", q."search", q."stream", q."deepsearch", q."other"
  FROM "conversations" c JOIN "thread_question_columns" q ON q."conversation_id" = c."id"
  WHERE c."question_key" IS NOT NULL;

-- The two operations the triggers below share, each written once as an
-- INSTEAD OF trigger on a row-less view (SQLite triggers cannot call one
-- another): `INSERT INTO <view> VALUES (<conversation id>)` runs it.
--
-- (Re)assigns a thread its key: the next free one of its project and day.
-- Writers are serialised by SQLite, so MAX + 1 inside the writer's
-- transaction is unique.
CREATE VIEW "conversation_question_key_assign" AS SELECT "id" FROM "conversations" WHERE 0;
CREATE TRIGGER "conversation_question_key_assign_run" INSTEAD OF INSERT ON "conversation_question_key_assign" BEGIN
  UPDATE "conversations" SET "question_key" = NULL WHERE "id" = NEW."id";
  UPDATE "conversations" SET "question_key" = (
    SELECT CASE WHEN k."next" <= k."base" + 8388607 THEN k."next" END
    FROM (
      SELECT b."base", COALESCE((SELECT MAX("question_key") FROM "conversations" WHERE "question_key" BETWEEN b."base" AND b."base" + 8388607) + 1, b."base") AS "next"
      FROM (
        SELECT ("project_id" << 40) + ("day" << 23) AS "base"
        FROM (
          SELECT "project_id", CASE typeof("created_at") WHEN 'integer' THEN "created_at" / 86400000 ELSE unixepoch("created_at") / 86400 END AS "day"
          FROM "conversations" WHERE "id" = NEW."id"
        )
        WHERE "project_id" BETWEEN 0 AND 8388607 AND "day" BETWEEN 0 AND 131071
      ) b
    ) k
  ) WHERE "id" = NEW."id";
END;

-- Replaces a thread's entry with its current questions (no questions or no
-- key: no entry). Each FTS5 delete names one rowid: FTS5 seeks `rowid =`.
CREATE VIEW "thread_question_reindex" AS SELECT "id" AS "conversation_id" FROM "conversations" WHERE 0;
CREATE TRIGGER "thread_question_reindex_run" INSTEAD OF INSERT ON "thread_question_reindex" BEGIN
  DELETE FROM "thread_question_fts" WHERE rowid = (SELECT "question_key" FROM "conversations" WHERE "id" = NEW."conversation_id");
  INSERT INTO "thread_question_fts" (rowid, search, stream, deepsearch, other)
    SELECT c."question_key", q."search", q."stream", q."deepsearch", q."other"
    FROM "conversations" c, "thread_question_columns" q
    WHERE q."conversation_id" = NEW."conversation_id" AND c."id" = q."conversation_id" AND c."question_key" IS NOT NULL;
END;

CREATE TRIGGER "conversations_question_key_insert" AFTER INSERT ON "conversations" BEGIN
  INSERT INTO "conversation_question_key_assign" VALUES (NEW."id");
END;

-- A thread moved to another day or project gets a new key; its entry moves with it.
CREATE TRIGGER "conversations_question_key_update" AFTER UPDATE OF "created_at", "project_id" ON "conversations" BEGIN
  DELETE FROM "thread_question_fts" WHERE rowid = OLD."question_key";
  INSERT INTO "conversation_question_key_assign" VALUES (NEW."id");
  INSERT INTO "thread_question_reindex" VALUES (NEW."id");
END;

CREATE TRIGGER "conversations_question_key_delete" AFTER DELETE ON "conversations" BEGIN
  DELETE FROM "thread_question_fts" WHERE rowid = OLD."question_key";
END;

-- Any change to a thread's questions re-indexes the thread (a few rows read
-- through the conversation_id index), inside the writer's transaction.
CREATE TRIGGER "interactions_thread_questions_insert" AFTER INSERT ON "interactions" BEGIN
  INSERT INTO "thread_question_reindex" VALUES (NEW."conversation_id");
END;

CREATE TRIGGER "interactions_thread_questions_update" AFTER UPDATE OF "question", "type", "conversation_id" ON "interactions" BEGIN
  INSERT INTO "thread_question_reindex" VALUES (OLD."conversation_id");
  INSERT INTO "thread_question_reindex" SELECT NEW."conversation_id" WHERE NEW."conversation_id" <> OLD."conversation_id";
END;

CREATE TRIGGER "interactions_thread_questions_delete" AFTER DELETE ON "interactions" BEGIN
  INSERT INTO "thread_question_reindex" VALUES (OLD."conversation_id");
END;
