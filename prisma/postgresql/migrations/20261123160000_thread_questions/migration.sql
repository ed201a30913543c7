-- The threads report's `question` filter over a year of a busy organisation
-- (issue 5, item 7): one row per thread instead of per interaction, so
-- counting the threads whose questions contain a common word rechecks about
-- a hundred thousand short rows instead of reading as many wide interactions.
--
-- thread_questions: each thread's questions, lower-cased and joined by
-- newlines (a search term never holds a newline on this path, so no match
-- spans two questions), with the thread's scope and start copied from its
-- conversation (the report's order and period), a pg_trgm GIN index for
-- `questions LIKE '%term%'` and the organisation's page order.
-- Triggers keep it in step inside the writer's own transaction.
CREATE TABLE "thread_questions" (
  "conversation_id" TEXT NOT NULL PRIMARY KEY REFERENCES "conversations" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "organization_id" INTEGER NOT NULL,
  "project_id" INTEGER NOT NULL,
  "created_at" TIMESTAMP(3) NOT NULL,
  "questions" TEXT NOT NULL
);

INSERT INTO "thread_questions" ("conversation_id", "organization_id", "project_id", "created_at", "questions")
  SELECT c."id", c."organization_id", c."project_id", c."created_at", q."questions"
  FROM "conversations" c
  JOIN (SELECT "conversation_id", string_agg(lower("question"), E'\n' ORDER BY "id") AS "questions" FROM "interactions" GROUP BY "conversation_id") q
    ON q."conversation_id" = c."id";

CREATE INDEX "thread_questions_questions_trgm_idx" ON "thread_questions" USING GIN ("questions" gin_trgm_ops);
CREATE INDEX "thread_questions_organization_id_created_at_idx" ON "thread_questions" ("organization_id", "created_at", "conversation_id", "project_id");

-- Recomputes one thread's row from its interactions (none: no row).
CREATE FUNCTION thread_questions_refresh(p_conversation TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "thread_questions" WHERE "conversation_id" = p_conversation;
  INSERT INTO "thread_questions" ("conversation_id", "organization_id", "project_id", "created_at", "questions")
    SELECT c."id", c."organization_id", c."project_id", c."created_at", q."questions"
    FROM "conversations" c,
      (SELECT string_agg(lower("question"), E'\n' ORDER BY "id") AS "questions" FROM "interactions" WHERE "conversation_id" = p_conversation) q
    WHERE c."id" = p_conversation AND q."questions" IS NOT NULL;
END;
$$;

-- A new question is appended; a changed or removed one re-reads the thread.
CREATE FUNCTION interactions_thread_questions() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "thread_questions" ("conversation_id", "organization_id", "project_id", "created_at", "questions")
      SELECT c."id", c."organization_id", c."project_id", c."created_at", lower(NEW."question")
      FROM "conversations" c WHERE c."id" = NEW."conversation_id"
    ON CONFLICT ("conversation_id") DO UPDATE SET "questions" = "thread_questions"."questions" || E'\n' || EXCLUDED."questions";
    RETURN NULL;
  END IF;
  PERFORM thread_questions_refresh(OLD."conversation_id");
  IF TG_OP = 'UPDATE' AND NEW."conversation_id" <> OLD."conversation_id" THEN
    PERFORM thread_questions_refresh(NEW."conversation_id");
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "interactions_thread_questions_insert" AFTER INSERT ON "interactions"
  FOR EACH ROW EXECUTE FUNCTION interactions_thread_questions();
CREATE TRIGGER "interactions_thread_questions_change" AFTER UPDATE OF "question", "conversation_id" OR DELETE ON "interactions"
  FOR EACH ROW EXECUTE FUNCTION interactions_thread_questions();

-- A thread's scope and start follow its conversation.
CREATE FUNCTION conversations_thread_questions() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "thread_questions" SET "organization_id" = NEW."organization_id", "project_id" = NEW."project_id", "created_at" = NEW."created_at"
  WHERE "conversation_id" = NEW."id";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "conversations_thread_questions_update" AFTER UPDATE OF "organization_id", "project_id", "created_at" ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION conversations_thread_questions();
