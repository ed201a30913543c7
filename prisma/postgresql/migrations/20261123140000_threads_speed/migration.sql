-- The threads report at a million interactions (issue 5, item 7).
--
-- 1. A summary of each thread on its conversation, so the evaluation,
--    feedback and type filters and the count read conversations only:
--    type_flags (1 search, 2 stream, 4 deepsearch), evaluation_flags
--    (1 positive, 2 negative, 4 neutral), has_feedback (1 when an
--    interaction has a non-empty feedback). A trigger on interactions keeps
--    it in step inside the writer's own transaction, whoever writes
--    (recordInteraction, recordAssessment, imports, tests, the bench seed).
ALTER TABLE "conversations" ADD COLUMN "organization_id" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "type_flags" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "evaluation_flags" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "has_feedback" INTEGER NOT NULL DEFAULT 0;

-- The organisation of a conversation is its project's: set on insert
-- (whoever inserts), so a user token's threads (every project of the
-- organisation) are one index range in page order, with no sort.
CREATE FUNCTION conversations_organization() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  NEW."organization_id" := (SELECT "organization_id" FROM "projects" WHERE "id" = NEW."project_id");
  RETURN NEW;
END;
$$;
CREATE TRIGGER "conversations_organization_insert" BEFORE INSERT ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION conversations_organization();

UPDATE "conversations" c SET "organization_id" = p."organization_id" FROM "projects" p WHERE p."id" = c."project_id";
CREATE INDEX "conversations_organization_id_created_at_id_idx" ON "conversations" ("organization_id", "created_at", "id");

UPDATE "conversations" c SET
  "type_flags" = s.type_flags, "evaluation_flags" = s.evaluation_flags, "has_feedback" = s.has_feedback
FROM (
  SELECT "conversation_id",
    bit_or(CASE "type" WHEN 'search' THEN 1 WHEN 'stream' THEN 2 WHEN 'deepsearch' THEN 4 ELSE 0 END) AS type_flags,
    bit_or(CASE "evaluation" WHEN 'positive' THEN 1 WHEN 'negative' THEN 2 WHEN 'neutral' THEN 4 ELSE 0 END) AS evaluation_flags,
    MAX(CASE WHEN "feedback" IS NOT NULL AND "feedback" <> '' THEN 1 ELSE 0 END) AS has_feedback
  FROM "interactions" GROUP BY "conversation_id"
) AS s
WHERE c."id" = s."conversation_id";

-- Recomputes one thread's summary from its few interactions.
CREATE FUNCTION conversation_summary_refresh(p_conversation TEXT) RETURNS VOID LANGUAGE SQL AS $$
  UPDATE "conversations" c SET
    "type_flags" = COALESCE(s.type_flags, 0), "evaluation_flags" = COALESCE(s.evaluation_flags, 0), "has_feedback" = COALESCE(s.has_feedback, 0)
  FROM (
    SELECT
      bit_or(CASE "type" WHEN 'search' THEN 1 WHEN 'stream' THEN 2 WHEN 'deepsearch' THEN 4 ELSE 0 END) AS type_flags,
      bit_or(CASE "evaluation" WHEN 'positive' THEN 1 WHEN 'negative' THEN 2 WHEN 'neutral' THEN 4 ELSE 0 END) AS evaluation_flags,
      MAX(CASE WHEN "feedback" IS NOT NULL AND "feedback" <> '' THEN 1 ELSE 0 END) AS has_feedback
    FROM "interactions" WHERE "conversation_id" = p_conversation
  ) AS s
  WHERE c."id" = p_conversation;
$$;

-- A new interaction can only add to the flags; a changed rating (a second
-- assessment replaces the first) or a removed interaction may clear one.
CREATE FUNCTION interactions_thread_summary() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "conversations" SET
      "type_flags" = "type_flags" | (CASE NEW."type" WHEN 'search' THEN 1 WHEN 'stream' THEN 2 WHEN 'deepsearch' THEN 4 ELSE 0 END),
      "evaluation_flags" = "evaluation_flags" | (CASE NEW."evaluation" WHEN 'positive' THEN 1 WHEN 'negative' THEN 2 WHEN 'neutral' THEN 4 ELSE 0 END),
      "has_feedback" = CASE WHEN NEW."feedback" IS NOT NULL AND NEW."feedback" <> '' THEN 1 ELSE "has_feedback" END
    WHERE "id" = NEW."conversation_id";
    RETURN NULL;
  END IF;
  PERFORM conversation_summary_refresh(OLD."conversation_id");
  IF TG_OP = 'UPDATE' AND NEW."conversation_id" <> OLD."conversation_id" THEN
    PERFORM conversation_summary_refresh(NEW."conversation_id");
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "interactions_thread_summary_insert" AFTER INSERT ON "interactions"
  FOR EACH ROW EXECUTE FUNCTION interactions_thread_summary();
CREATE TRIGGER "interactions_thread_summary_change" AFTER UPDATE OF "type", "evaluation", "feedback", "conversation_id" OR DELETE ON "interactions"
  FOR EACH ROW EXECUTE FUNCTION interactions_thread_summary();

-- Rated and commented threads of an organisation in page order; project and
-- flags ride in the index so neither scope nor count reads the table.
CREATE INDEX "conversations_rated_idx" ON "conversations" ("organization_id", "created_at", "id", "project_id", "evaluation_flags") WHERE "evaluation_flags" <> 0;
CREATE INDEX "conversations_with_feedback_idx" ON "conversations" ("organization_id", "created_at", "id", "project_id") WHERE "has_feedback" = 1;

-- 2. Substring search of questions: a pg_trgm GIN index on lower(question)
--    serves `LOWER(question) LIKE '%term%'` (PostgreSQL rechecks each
--    candidate, so results are exact; terms under three characters have no
--    trigram and the planner scans instead).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "interactions_question_trgm_idx" ON "interactions" USING GIN (lower("question") gin_trgm_ops);
