-- The threads report's `question` filter by words (issue 5, item 7): pg_trgm
-- cannot tell a substring from its trigrams, so counting the threads of a
-- year whose questions hold a common word used to recheck every candidate's
-- text. Here a term without whitespace is looked up in a vocabulary of the
-- organisation's question words (pg_trgm on short words: exact, cheap), and
-- the threads holding any of those words are found by a GIN index on an
-- integer array per thread, read from the index alone (no recheck).
--
-- Exact because a term without whitespace occurs in a question exactly when
-- it occurs in one of the question's whitespace-separated words (lower-
-- cased, split on the six ASCII whitespace characters only: the query side,
-- lib/reports/thread-words.ts, checks the term for the same six). A word
-- longer than 400 characters is kept as 400-character pieces starting every
-- 200: a term of at most 200 characters (the filter's limit) lies wholly in
-- one of them, and each piece fits a btree entry.
--
-- question_words: the organisation's vocabulary; ids only grow (words of
-- deleted questions stay until the organisation goes).
-- thread_words: per thread, the keys id·4 + type (0 search, 1 stream,
-- 2 deepsearch, 3 any other) of its questions' words, sorted, so one array
-- serves `question` with or without `interaction_types`. A NULL array marks a
-- thread whose keys do not fit an integer (an id past 2^29): the report then
-- reads that scope another way. Triggers keep both in the writer's transaction.
CREATE TABLE "question_words" (
  "id" SERIAL PRIMARY KEY,
  "organization_id" INTEGER NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "word" TEXT NOT NULL
);
CREATE UNIQUE INDEX "question_words_organization_id_word_key" ON "question_words" ("organization_id", "word");
CREATE INDEX "question_words_word_trgm_idx" ON "question_words" USING GIN ("word" gin_trgm_ops);

CREATE TABLE "thread_words" (
  "conversation_id" TEXT NOT NULL PRIMARY KEY REFERENCES "conversations" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "organization_id" INTEGER NOT NULL,
  "project_id" INTEGER NOT NULL,
  "created_at" TIMESTAMP(3) NOT NULL,
  "words" INTEGER[]
);

-- The words of one question, as described above (repeats possible). PL/pgSQL
-- so the planner sees a few rows per question, not an inlined guess of a million.
CREATE FUNCTION question_tokens(p_question TEXT) RETURNS SETOF TEXT LANGUAGE plpgsql STABLE ROWS 16 AS $$
BEGIN
  RETURN QUERY
    SELECT CASE WHEN length(w) <= 400 THEN w ELSE substr(w, k * 200 + 1, 400) END
    FROM regexp_split_to_table(lower(p_question), '[ \t\n\r\f\v]+') AS w,
         generate_series(0, GREATEST(0, ceil((length(w) - 400) / 200.0)::INTEGER)) AS k
    WHERE w <> '';
END;
$$;

CREATE FUNCTION question_type_code(p_type TEXT) RETURNS INTEGER LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_type WHEN 'search' THEN 0 WHEN 'stream' THEN 1 WHEN 'deepsearch' THEN 2 ELSE 3 END
$$;

-- Largest vocabulary id whose keys (id·4 + 3) fit an INTEGER.
CREATE FUNCTION question_words_max_id() RETURNS INTEGER LANGUAGE sql IMMUTABLE AS $$ SELECT 536870911 $$;

-- Sorted union of two key arrays; NULL (not indexable) wins.
CREATE FUNCTION thread_words_merge(a INTEGER[], b INTEGER[]) RETURNS INTEGER[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN a IS NULL OR b IS NULL THEN NULL ELSE ARRAY(SELECT DISTINCT x FROM unnest(a || b) AS x ORDER BY x) END
$$;

-- The keys of one question, adding its new words to the vocabulary first
-- (only words not there yet, so the id sequence is not spent on conflicts).
CREATE FUNCTION question_word_keys(p_organization INTEGER, p_question TEXT, p_type TEXT) RETURNS INTEGER[] LANGUAGE plpgsql AS $$
DECLARE
  words TEXT[] := ARRAY(SELECT DISTINCT t FROM question_tokens(p_question) AS t);
  ids INTEGER[];
BEGIN
  INSERT INTO "question_words" ("organization_id", "word")
    SELECT p_organization, t FROM unnest(words) AS t
    WHERE NOT EXISTS (SELECT 1 FROM "question_words" v WHERE v."organization_id" = p_organization AND v."word" = t)
    ON CONFLICT DO NOTHING;
  ids := ARRAY(SELECT v."id" FROM unnest(words) AS t JOIN "question_words" v ON v."organization_id" = p_organization AND v."word" = t);
  IF EXISTS (SELECT 1 FROM unnest(ids) AS id WHERE id > question_words_max_id()) THEN
    RETURN NULL;
  END IF;
  RETURN ARRAY(SELECT DISTINCT id * 4 + question_type_code(p_type) FROM unnest(ids) AS id ORDER BY 1);
END;
$$;

-- Recomputes one thread's row from its conversation and interactions (none: no row).
CREATE FUNCTION thread_words_refresh(p_conversation TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  c RECORD;
  i RECORD;
  keys INTEGER[] := '{}';
  found_any BOOLEAN := false;
BEGIN
  DELETE FROM "thread_words" WHERE "conversation_id" = p_conversation;
  SELECT "id", "organization_id", "project_id", "created_at" INTO c FROM "conversations" WHERE "id" = p_conversation;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  FOR i IN SELECT "question", "type" FROM "interactions" WHERE "conversation_id" = p_conversation LOOP
    keys := thread_words_merge(keys, question_word_keys(c."organization_id", i."question", i."type"));
    found_any := true;
  END LOOP;
  IF found_any THEN
    INSERT INTO "thread_words" ("conversation_id", "organization_id", "project_id", "created_at", "words")
      VALUES (c."id", c."organization_id", c."project_id", c."created_at", keys);
  END IF;
END;
$$;

-- Existing questions: each question's words once, then the vocabulary, then
-- each thread's keys (a thread whose questions hold no word gets '{}').
CREATE TEMPORARY TABLE "backfill_tokens" ON COMMIT DROP AS
  SELECT DISTINCT c."id" AS "conversation_id", c."organization_id", question_type_code(i."type") AS "code", t AS "word"
  FROM "interactions" i JOIN "conversations" c ON c."id" = i."conversation_id", question_tokens(i."question") AS t;

INSERT INTO "question_words" ("organization_id", "word")
  SELECT DISTINCT "organization_id", "word" FROM "backfill_tokens";

INSERT INTO "thread_words" ("conversation_id", "organization_id", "project_id", "created_at", "words")
  SELECT c."id", c."organization_id", c."project_id", c."created_at",
    CASE WHEN k."max_id" > question_words_max_id() THEN NULL ELSE k."keys" END
  FROM "conversations" c
  JOIN (SELECT b."conversation_id", max(v."id") AS "max_id", array_agg(DISTINCT v."id" * 4 + b."code" ORDER BY v."id" * 4 + b."code") AS "keys"
        FROM "backfill_tokens" b JOIN "question_words" v ON v."organization_id" = b."organization_id" AND v."word" = b."word"
        GROUP BY b."conversation_id") k ON k."conversation_id" = c."id";

INSERT INTO "thread_words" ("conversation_id", "organization_id", "project_id", "created_at", "words")
  SELECT c."id", c."organization_id", c."project_id", c."created_at", '{}'
  FROM "conversations" c
  WHERE EXISTS (SELECT 1 FROM "interactions" i WHERE i."conversation_id" = c."id")
    AND NOT EXISTS (SELECT 1 FROM "thread_words" t WHERE t."conversation_id" = c."id");

CREATE INDEX "thread_words_words_idx" ON "thread_words" USING GIN ("words");
CREATE INDEX "thread_words_organization_id_created_at_idx" ON "thread_words" ("organization_id", "created_at", "conversation_id", "project_id");
CREATE INDEX "thread_words_unindexed_idx" ON "thread_words" ("organization_id", "project_id") WHERE "words" IS NULL;

-- A new question's keys are merged in; a changed or removed one re-reads the thread.
CREATE FUNCTION interactions_thread_words() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "thread_words" ("conversation_id", "organization_id", "project_id", "created_at", "words")
      SELECT c."id", c."organization_id", c."project_id", c."created_at", question_word_keys(c."organization_id", NEW."question", NEW."type")
      FROM "conversations" c WHERE c."id" = NEW."conversation_id"
    ON CONFLICT ("conversation_id") DO UPDATE SET "words" = thread_words_merge("thread_words"."words", EXCLUDED."words");
    RETURN NULL;
  END IF;
  PERFORM thread_words_refresh(OLD."conversation_id");
  IF TG_OP = 'UPDATE' AND NEW."conversation_id" <> OLD."conversation_id" THEN
    PERFORM thread_words_refresh(NEW."conversation_id");
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "interactions_thread_words_insert" AFTER INSERT ON "interactions"
  FOR EACH ROW EXECUTE FUNCTION interactions_thread_words();
CREATE TRIGGER "interactions_thread_words_change" AFTER UPDATE OF "question", "type", "conversation_id" OR DELETE ON "interactions"
  FOR EACH ROW EXECUTE FUNCTION interactions_thread_words();

-- A thread's scope and start follow its conversation; another organisation
-- means another vocabulary, so the thread is re-read.
CREATE FUNCTION conversations_thread_words() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM thread_words_refresh(NEW."id");
  RETURN NULL;
END;
$$;
CREATE TRIGGER "conversations_thread_words_update" AFTER UPDATE OF "organization_id", "project_id", "created_at" ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION conversations_thread_words();
