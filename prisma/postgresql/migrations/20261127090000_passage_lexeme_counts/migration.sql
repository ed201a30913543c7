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

-- Adds `sign` (1 or -1) per passage to the counts of each lexeme of these passages, for datasets that still
-- exist, in key order, under the datasets' advisory locks.
CREATE FUNCTION passage_lexeme_counts_add(dataset_ids INTEGER[], documents TSVECTOR[], sign INTEGER) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM datasets d WHERE d.id = ANY(dataset_ids)) THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(727310, x.id) FROM (SELECT DISTINCT d.id FROM datasets d WHERE d.id = ANY(dataset_ids) ORDER BY 1) x;
  INSERT INTO passage_lexeme_counts (dataset_id, lexeme, passages)
  SELECT c.dataset_id, l.lexeme, sign * count(*)::int
  FROM unnest(dataset_ids, documents) c(dataset_id, document) CROSS JOIN LATERAL passage_lexemes(c.document) l(lexeme)
  WHERE EXISTS (SELECT 1 FROM datasets d WHERE d.id = c.dataset_id)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (dataset_id, lexeme) DO UPDATE SET passages = passage_lexeme_counts.passages + EXCLUDED.passages;
END $$;

-- One function for the three triggers: the old rows (delete, update) count -1, the new rows (insert, update) +1.
CREATE FUNCTION passage_search_counts() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM passage_lexeme_counts_add(ARRAY(SELECT dataset_id FROM old_rows), ARRAY(SELECT document FROM old_rows), -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM passage_lexeme_counts_add(ARRAY(SELECT dataset_id FROM new_rows), ARRAY(SELECT document FROM new_rows), 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "passage_search_counts_insert" AFTER INSERT ON "passage_search"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION passage_search_counts();
CREATE TRIGGER "passage_search_counts_delete" AFTER DELETE ON "passage_search"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION passage_search_counts();
CREATE TRIGGER "passage_search_counts_update" AFTER UPDATE ON "passage_search"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION passage_search_counts();

INSERT INTO passage_lexeme_counts (dataset_id, lexeme, passages)
SELECT s.dataset_id, l.lexeme, count(*)::int
FROM passage_search s CROSS JOIN LATERAL passage_lexemes(s.document) l(lexeme)
WHERE EXISTS (SELECT 1 FROM datasets d WHERE d.id = s.dataset_id)
GROUP BY 1, 2;
