-- Document frequencies kept by the database: how many passages of a dataset
-- hold each lexeme, and (lexeme '') how many passages the dataset has.
-- Counting them at question time was PostgreSQL's dearest step at scale (a
-- heap visit per matching passage, up to 20,001 per word); a question now
-- reads one row per word. Statement-level triggers on passage_search keep
-- the counts in the writer's own transaction, for every way a passage is
-- indexed, re-indexed or removed.
--
-- Concurrent imports into one dataset update the same rows (common words);
-- every change to a dataset's counts first takes a transaction-scoped
-- advisory lock on the dataset, so such writers queue instead of
-- deadlocking. A dataset being deleted takes its counts with it (ON DELETE
-- CASCADE), and its passages' removals then change nothing.
CREATE TABLE "passage_lexeme_counts" (
  "dataset_id" INTEGER NOT NULL REFERENCES "datasets" ("id") ON DELETE CASCADE,
  "lexeme" TEXT NOT NULL,
  "passages" INTEGER NOT NULL,
  PRIMARY KEY ("dataset_id", "lexeme")
);

-- A passage's distinct lexemes, and '' (the row counting the dataset's passages).
CREATE FUNCTION passage_lexemes(document TSVECTOR) RETURNS SETOF TEXT LANGUAGE SQL IMMUTABLE AS $$
  SELECT unnest(tsvector_to_array(document)) UNION ALL SELECT ''
$$;

CREATE FUNCTION passage_search_counts_insert() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727310, x.dataset_id) FROM (SELECT DISTINCT dataset_id FROM added ORDER BY 1) x;
  INSERT INTO passage_lexeme_counts (dataset_id, lexeme, passages)
  SELECT a.dataset_id, l.lexeme, count(*)::int
  FROM added a CROSS JOIN LATERAL passage_lexemes(a.document) l(lexeme)
  WHERE EXISTS (SELECT 1 FROM datasets d WHERE d.id = a.dataset_id)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (dataset_id, lexeme) DO UPDATE SET passages = passage_lexeme_counts.passages + EXCLUDED.passages;
  RETURN NULL;
END $$;

CREATE FUNCTION passage_search_counts_delete() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727310, x.dataset_id)
  FROM (SELECT DISTINCT r.dataset_id FROM removed r WHERE EXISTS (SELECT 1 FROM datasets d WHERE d.id = r.dataset_id) ORDER BY 1) x;
  INSERT INTO passage_lexeme_counts (dataset_id, lexeme, passages)
  SELECT r.dataset_id, l.lexeme, -count(*)::int
  FROM removed r CROSS JOIN LATERAL passage_lexemes(r.document) l(lexeme)
  WHERE EXISTS (SELECT 1 FROM datasets d WHERE d.id = r.dataset_id)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (dataset_id, lexeme) DO UPDATE SET passages = passage_lexeme_counts.passages + EXCLUDED.passages;
  RETURN NULL;
END $$;

CREATE FUNCTION passage_search_counts_update() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727310, x.dataset_id)
  FROM (SELECT dataset_id FROM after_rows UNION SELECT dataset_id FROM before_rows ORDER BY 1) x;
  INSERT INTO passage_lexeme_counts (dataset_id, lexeme, passages)
  SELECT c.dataset_id, c.lexeme, sum(c.n)::int
  FROM (
    SELECT a.dataset_id, l.lexeme, 1 AS n FROM after_rows a CROSS JOIN LATERAL passage_lexemes(a.document) l(lexeme)
    UNION ALL
    SELECT b.dataset_id, l.lexeme, -1 FROM before_rows b CROSS JOIN LATERAL passage_lexemes(b.document) l(lexeme)
  ) c
  WHERE EXISTS (SELECT 1 FROM datasets d WHERE d.id = c.dataset_id)
  GROUP BY 1, 2 HAVING sum(c.n) <> 0 ORDER BY 1, 2
  ON CONFLICT (dataset_id, lexeme) DO UPDATE SET passages = passage_lexeme_counts.passages + EXCLUDED.passages;
  RETURN NULL;
END $$;

CREATE TRIGGER "passage_search_counts_insert" AFTER INSERT ON "passage_search"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION passage_search_counts_insert();
CREATE TRIGGER "passage_search_counts_delete" AFTER DELETE ON "passage_search"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION passage_search_counts_delete();
CREATE TRIGGER "passage_search_counts_update" AFTER UPDATE ON "passage_search"
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION passage_search_counts_update();

INSERT INTO passage_lexeme_counts (dataset_id, lexeme, passages)
SELECT s.dataset_id, l.lexeme, count(*)::int
FROM passage_search s CROSS JOIN LATERAL passage_lexemes(s.document) l(lexeme)
WHERE EXISTS (SELECT 1 FROM datasets d WHERE d.id = s.dataset_id)
GROUP BY 1, 2;
