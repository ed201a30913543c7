-- A question's frequencies are read from passage_lexeme_counts alone, by key.
-- Until now SQLite took two figures from fts5vocab, which counts a term by
-- walking its whole list of postings: the dataset's size (its 'ds<id>'
-- token, one posting per passage: ~3 ms at 100,000 passages) and each
-- term's postings over every dataset (what bm25 will read: ~2 ms for a word
-- in half of 100,000 passages). Read for every question, they were most of
-- the planning's time.
--
-- 1. The dataset's size is the row '' of its counts, as on PostgreSQL,
--    kept by small triggers of its own beside the index's (SQLite runs every
--    AFTER trigger of a statement, in the writer's transaction).
-- 2. A term's postings over every dataset are the sum of its rows, read
--    through an index on (lexeme, passages): one short range per term.

INSERT INTO "passage_lexeme_counts" ("dataset_id", "lexeme", "passages")
SELECT "dataset_id", '', count(*) FROM "passages" WHERE "dataset_id" IS NOT NULL GROUP BY "dataset_id"
ON CONFLICT ("dataset_id", "lexeme") DO UPDATE SET "passages" = excluded."passages";

CREATE TRIGGER "passages_size_insert" AFTER INSERT ON "passages" BEGIN
  INSERT INTO "passage_lexeme_counts" ("dataset_id", "lexeme", "passages") VALUES (NEW.dataset_id, '', 1)
  ON CONFLICT ("dataset_id", "lexeme") DO UPDATE SET "passages" = "passages" + 1;
END;

-- A passage removed with its dataset finds no row: the dataset's counts went by cascade.
CREATE TRIGGER "passages_size_delete" AFTER DELETE ON "passages" BEGIN
  UPDATE "passage_lexeme_counts" SET "passages" = "passages" - 1 WHERE "dataset_id" = OLD.dataset_id AND "lexeme" = '';
END;

CREATE TRIGGER "passages_size_move" AFTER UPDATE OF "dataset_id" ON "passages"
WHEN OLD.dataset_id IS NOT NEW.dataset_id
BEGIN
  UPDATE "passage_lexeme_counts" SET "passages" = "passages" - 1 WHERE "dataset_id" = OLD.dataset_id AND "lexeme" = '';
  INSERT INTO "passage_lexeme_counts" ("dataset_id", "lexeme", "passages") VALUES (NEW.dataset_id, '', 1)
  ON CONFLICT ("dataset_id", "lexeme") DO UPDATE SET "passages" = "passages" + 1;
END;

CREATE INDEX "passage_lexeme_counts_lexeme" ON "passage_lexeme_counts" ("lexeme", "passages");
