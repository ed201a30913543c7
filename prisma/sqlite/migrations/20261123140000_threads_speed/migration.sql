-- The threads report at a million interactions (issue 5, item 7).
--
-- 1. A summary of each thread on its conversation, so the evaluation,
--    feedback and type filters and the count read conversations only:
--    type_flags (1 search, 2 stream, 4 deepsearch), evaluation_flags
--    (1 positive, 2 negative, 4 neutral), has_feedback (1 when an
--    interaction has a non-empty feedback). Triggers on interactions keep it
--    in step inside the writer's own transaction, whoever writes
--    (recordInteraction, recordAssessment, imports, tests, the bench seed).
-- Plain ADD COLUMN (not Prisma's table rebuild, which would drop the raw
-- indexes of 20261123100100_report_indexes).
ALTER TABLE "conversations" ADD COLUMN "organization_id" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "conversations" ADD COLUMN "type_flags" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "conversations" ADD COLUMN "evaluation_flags" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "conversations" ADD COLUMN "has_feedback" INTEGER NOT NULL DEFAULT 0;

UPDATE "conversations" SET
  "type_flags" = s.type_flags, "evaluation_flags" = s.evaluation_flags, "has_feedback" = s.has_feedback
FROM (
  SELECT "conversation_id",
    MAX(CASE "type" WHEN 'search' THEN 1 ELSE 0 END) + 2 * MAX(CASE "type" WHEN 'stream' THEN 1 ELSE 0 END) + 4 * MAX(CASE "type" WHEN 'deepsearch' THEN 1 ELSE 0 END) AS type_flags,
    MAX(CASE "evaluation" WHEN 'positive' THEN 1 ELSE 0 END) + 2 * MAX(CASE "evaluation" WHEN 'negative' THEN 1 ELSE 0 END) + 4 * MAX(CASE "evaluation" WHEN 'neutral' THEN 1 ELSE 0 END) AS evaluation_flags,
    MAX(CASE WHEN "feedback" IS NOT NULL AND "feedback" <> '' THEN 1 ELSE 0 END) AS has_feedback
  FROM "interactions" GROUP BY "conversation_id"
) AS s
WHERE "conversations"."id" = s."conversation_id";

-- The organisation of a conversation is its project's: copied once, on
-- insert (whoever inserts), so a user token's threads (every project of the
-- organisation) are one index range in page order, with no sort.
UPDATE "conversations" SET "organization_id" = (SELECT "organization_id" FROM "projects" p WHERE p."id" = "conversations"."project_id");
CREATE TRIGGER "conversations_organization_insert" AFTER INSERT ON "conversations" BEGIN
  UPDATE "conversations" SET "organization_id" = (SELECT "organization_id" FROM "projects" p WHERE p."id" = NEW."project_id") WHERE "id" = NEW."id";
END;
CREATE INDEX "conversations_organization_id_created_at_id_idx" ON "conversations" ("organization_id", "created_at", "id");

-- A new interaction can only add to the flags.
CREATE TRIGGER "interactions_thread_summary_insert" AFTER INSERT ON "interactions" BEGIN
  UPDATE "conversations" SET
    "type_flags" = "type_flags" | (CASE NEW."type" WHEN 'search' THEN 1 WHEN 'stream' THEN 2 WHEN 'deepsearch' THEN 4 ELSE 0 END),
    "evaluation_flags" = "evaluation_flags" | (CASE NEW."evaluation" WHEN 'positive' THEN 1 WHEN 'negative' THEN 2 WHEN 'neutral' THEN 4 ELSE 0 END),
    "has_feedback" = CASE WHEN NEW."feedback" IS NOT NULL AND NEW."feedback" <> '' THEN 1 ELSE "has_feedback" END
  WHERE "id" = NEW."conversation_id";
END;

-- A changed rating (a second assessment replaces the first) or a removed
-- interaction may clear a flag: recompute from the thread's few interactions.
CREATE TRIGGER "interactions_thread_summary_update" AFTER UPDATE OF "type", "evaluation", "feedback", "conversation_id" ON "interactions" BEGIN
  UPDATE "conversations" SET
    "type_flags" = (SELECT COALESCE(MAX(CASE "type" WHEN 'search' THEN 1 ELSE 0 END) + 2 * MAX(CASE "type" WHEN 'stream' THEN 1 ELSE 0 END) + 4 * MAX(CASE "type" WHEN 'deepsearch' THEN 1 ELSE 0 END), 0) FROM "interactions" i WHERE i."conversation_id" = "conversations"."id"),
    "evaluation_flags" = (SELECT COALESCE(MAX(CASE "evaluation" WHEN 'positive' THEN 1 ELSE 0 END) + 2 * MAX(CASE "evaluation" WHEN 'negative' THEN 1 ELSE 0 END) + 4 * MAX(CASE "evaluation" WHEN 'neutral' THEN 1 ELSE 0 END), 0) FROM "interactions" i WHERE i."conversation_id" = "conversations"."id"),
    "has_feedback" = EXISTS (SELECT 1 FROM "interactions" i WHERE i."conversation_id" = "conversations"."id" AND i."feedback" IS NOT NULL AND i."feedback" <> '')
  WHERE "id" IN (OLD."conversation_id", NEW."conversation_id");
END;

CREATE TRIGGER "interactions_thread_summary_delete" AFTER DELETE ON "interactions" BEGIN
  UPDATE "conversations" SET
    "type_flags" = (SELECT COALESCE(MAX(CASE "type" WHEN 'search' THEN 1 ELSE 0 END) + 2 * MAX(CASE "type" WHEN 'stream' THEN 1 ELSE 0 END) + 4 * MAX(CASE "type" WHEN 'deepsearch' THEN 1 ELSE 0 END), 0) FROM "interactions" i WHERE i."conversation_id" = "conversations"."id"),
    "evaluation_flags" = (SELECT COALESCE(MAX(CASE "evaluation" WHEN 'positive' THEN 1 ELSE 0 END) + 2 * MAX(CASE "evaluation" WHEN 'negative' THEN 1 ELSE 0 END) + 4 * MAX(CASE "evaluation" WHEN 'neutral' THEN 1 ELSE 0 END), 0) FROM "interactions" i WHERE i."conversation_id" = "conversations"."id"),
    "has_feedback" = EXISTS (SELECT 1 FROM "interactions" i WHERE i."conversation_id" = "conversations"."id" AND i."feedback" IS NOT NULL AND i."feedback" <> '')
  WHERE "id" = OLD."conversation_id";
END;

-- Rated and commented threads of an organisation in page order; project and
-- flags ride in the index so neither scope nor count reads the table.
CREATE INDEX "conversations_rated_idx" ON "conversations" ("organization_id", "created_at", "id", "project_id", "evaluation_flags") WHERE "evaluation_flags" <> 0;
CREATE INDEX "conversations_with_feedback_idx" ON "conversations" ("organization_id", "created_at", "id", "project_id") WHERE "has_feedback" = 1;

-- 2. Substring search of questions: an FTS5 trigram index over
--    interactions.question (external content: the text is not stored twice;
--    detail=none: rowids only, the query is the AND of the search term's
--    trigrams and the exact LIKE runs on the candidates). Terms shorter than
--    three characters have no trigram and scan instead (lib/reports/threads.ts).
CREATE VIRTUAL TABLE "interaction_question_fts" USING fts5(
  question, content = 'interactions', content_rowid = 'id', tokenize = 'trigram', detail = 'none'
);
INSERT INTO "interaction_question_fts" ("interaction_question_fts") VALUES ('rebuild');

CREATE TRIGGER "interactions_question_fts_insert" AFTER INSERT ON "interactions" BEGIN
  INSERT INTO "interaction_question_fts" (rowid, question) VALUES (NEW."id", NEW."question");
END;
CREATE TRIGGER "interactions_question_fts_delete" AFTER DELETE ON "interactions" BEGIN
  INSERT INTO "interaction_question_fts" ("interaction_question_fts", rowid, question) VALUES ('delete', OLD."id", OLD."question");
END;
CREATE TRIGGER "interactions_question_fts_update" AFTER UPDATE OF "question" ON "interactions" BEGIN
  INSERT INTO "interaction_question_fts" ("interaction_question_fts", rowid, question) VALUES ('delete', OLD."id", OLD."question");
  INSERT INTO "interaction_question_fts" (rowid, question) VALUES (NEW."id", NEW."question");
END;
