-- SQLite keeps each dataset's document frequencies too, as PostgreSQL does
-- since 20261127090000: how many passages of a dataset hold each term.
-- fts5vocab counts over the whole index, every dataset (every organisation)
-- of the database file together, so one tenant's documents moved another's
-- IDF and with it the scores it was shown. The counts are kept by the
-- full-text index's own triggers, from what the index holds (its rows are
-- read before they go and after they come): whatever path writes, renames
-- or deletes passages, the counts follow in the same transaction.
--
-- A term's count is the number of passages holding it in any indexed column
-- (content name, subject, heading, body, answer), as fts5vocab 'row' counts
-- it and as PostgreSQL counts lexemes of the whole document. Terms are
-- FTS5's own (porter, accents folded): counted by a scratch FTS5 table with
-- the same tokenizer, contentless so that emptying it costs nothing. A
-- dataset's size is the document count of its 'ds<id>' token, which every
-- passage of it holds.
CREATE TABLE "passage_lexeme_counts" (
  "dataset_id" INTEGER NOT NULL REFERENCES "datasets" ("id") ON DELETE CASCADE,
  "lexeme" TEXT NOT NULL,
  "passages" INTEGER NOT NULL,
  PRIMARY KEY ("dataset_id", "lexeme")
);

CREATE VIRTUAL TABLE "passage_count_scratch" USING fts5(
  name, subject, heading, body, answer,
  content = '',
  tokenize = 'porter unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE "passage_count_scratch_vocab" USING fts5vocab("passage_count_scratch", 'row');

-- The counts of what the index holds today, read once from its instances.
CREATE VIRTUAL TABLE "passage_fts_instances" USING fts5vocab("passage_fts", 'instance');
INSERT INTO "passage_lexeme_counts" ("dataset_id", "lexeme", "passages")
SELECT p.dataset_id, v.term, count(DISTINCT v.doc)
FROM "passage_fts_instances" v JOIN passages p ON p.id = v.doc
WHERE v.col <> 'ds'
GROUP BY p.dataset_id, v.term;
DROP TABLE "passage_fts_instances";

-- The index's triggers again (20261126090000), each now also counting: the
-- rows it removes from the index are subtracted first, the rows it adds are
-- added after.
DROP TRIGGER "passages_fts_insert";
CREATE TRIGGER "passages_fts_insert" AFTER INSERT ON "passages" BEGIN
  INSERT INTO "passage_fts" (rowid, ds, name, subject, heading, body, answer)
  VALUES (
    NEW.id,
    'ds' || NEW.dataset_id,
    coalesce((SELECT name FROM contents WHERE id = NEW.content_id), ''),
    coalesce((SELECT s.name FROM contents c JOIN subjects s ON s.id = c.subject_id WHERE c.id = NEW.content_id), ''),
    NEW.heading, NEW.text, NEW.answer
  );
  INSERT INTO "passage_count_scratch" ("passage_count_scratch") VALUES ('delete-all');
  INSERT INTO "passage_count_scratch" (rowid, name, subject, heading, body, answer) SELECT rowid, name, subject, heading, body, answer FROM "passage_fts" WHERE rowid = NEW.id;
  INSERT INTO "passage_lexeme_counts" ("dataset_id", "lexeme", "passages")
  SELECT NEW.dataset_id, v.term, v.doc FROM "passage_count_scratch_vocab" v WHERE NEW.dataset_id IS NOT NULL
  ON CONFLICT ("dataset_id", "lexeme") DO UPDATE SET "passages" = "passages" + excluded."passages";
END;

DROP TRIGGER "passages_fts_delete";
-- A passage removed with its dataset changes no counts (the dataset's go by
-- cascade): the guard spares deleting a big dataset the counting work.
CREATE TRIGGER "passages_fts_delete" AFTER DELETE ON "passages" BEGIN
  INSERT INTO "passage_count_scratch" ("passage_count_scratch") SELECT 'delete-all' WHERE EXISTS (SELECT 1 FROM datasets WHERE id = OLD.dataset_id);
  INSERT INTO "passage_count_scratch" (rowid, name, subject, heading, body, answer) SELECT rowid, name, subject, heading, body, answer FROM "passage_fts"
  WHERE rowid = OLD.id AND EXISTS (SELECT 1 FROM datasets WHERE id = OLD.dataset_id);
  UPDATE "passage_lexeme_counts" SET "passages" = "passages" - (SELECT v.doc FROM "passage_count_scratch_vocab" v WHERE v.term = "lexeme")
  WHERE "dataset_id" = OLD.dataset_id AND "lexeme" IN (SELECT term FROM "passage_count_scratch_vocab") AND EXISTS (SELECT 1 FROM datasets WHERE id = OLD.dataset_id);
  DELETE FROM "passage_fts" WHERE rowid = OLD.id;
END;

DROP TRIGGER "passages_fts_update";
CREATE TRIGGER "passages_fts_update" AFTER UPDATE ON "passages"
WHEN OLD.id IS NOT NEW.id OR OLD.dataset_id IS NOT NEW.dataset_id OR OLD.content_id IS NOT NEW.content_id
  OR OLD.heading IS NOT NEW.heading OR OLD.text IS NOT NEW.text OR OLD.answer IS NOT NEW.answer
BEGIN
  INSERT INTO "passage_count_scratch" ("passage_count_scratch") VALUES ('delete-all');
  INSERT INTO "passage_count_scratch" (rowid, name, subject, heading, body, answer) SELECT rowid, name, subject, heading, body, answer FROM "passage_fts" WHERE rowid = OLD.id;
  UPDATE "passage_lexeme_counts" SET "passages" = "passages" - (SELECT v.doc FROM "passage_count_scratch_vocab" v WHERE v.term = "lexeme")
  WHERE "dataset_id" = OLD.dataset_id AND "lexeme" IN (SELECT term FROM "passage_count_scratch_vocab");
  DELETE FROM "passage_fts" WHERE rowid = OLD.id;
  INSERT INTO "passage_fts" (rowid, ds, name, subject, heading, body, answer)
  VALUES (
    NEW.id,
    'ds' || NEW.dataset_id,
    coalesce((SELECT name FROM contents WHERE id = NEW.content_id), ''),
    coalesce((SELECT s.name FROM contents c JOIN subjects s ON s.id = c.subject_id WHERE c.id = NEW.content_id), ''),
    NEW.heading, NEW.text, NEW.answer
  );
  INSERT INTO "passage_count_scratch" ("passage_count_scratch") VALUES ('delete-all');
  INSERT INTO "passage_count_scratch" (rowid, name, subject, heading, body, answer) SELECT rowid, name, subject, heading, body, answer FROM "passage_fts" WHERE rowid = NEW.id;
  INSERT INTO "passage_lexeme_counts" ("dataset_id", "lexeme", "passages")
  SELECT NEW.dataset_id, v.term, v.doc FROM "passage_count_scratch_vocab" v WHERE NEW.dataset_id IS NOT NULL
  ON CONFLICT ("dataset_id", "lexeme") DO UPDATE SET "passages" = "passages" + excluded."passages";
END;

DROP TRIGGER "contents_fts_rename";
CREATE TRIGGER "contents_fts_rename" AFTER UPDATE OF name, subject_id ON "contents"
WHEN OLD.name IS NOT NEW.name OR OLD.subject_id IS NOT NEW.subject_id
BEGIN
  INSERT INTO "passage_count_scratch" ("passage_count_scratch") VALUES ('delete-all');
  INSERT INTO "passage_count_scratch" (rowid, name, subject, heading, body, answer) SELECT rowid, name, subject, heading, body, answer FROM "passage_fts" WHERE rowid IN (SELECT id FROM passages WHERE content_id = NEW.id);
  UPDATE "passage_lexeme_counts" SET "passages" = "passages" - (SELECT v.doc FROM "passage_count_scratch_vocab" v WHERE v.term = "lexeme")
  WHERE "dataset_id" = (SELECT dataset_id FROM passages WHERE content_id = NEW.id LIMIT 1) AND "lexeme" IN (SELECT term FROM "passage_count_scratch_vocab");
  DELETE FROM "passage_fts" WHERE rowid IN (SELECT id FROM passages WHERE content_id = NEW.id);
  INSERT INTO "passage_fts" (rowid, ds, name, subject, heading, body, answer)
  SELECT p.id, 'ds' || p.dataset_id, NEW.name, coalesce((SELECT name FROM subjects WHERE id = NEW.subject_id), ''), p.heading, p.text, p.answer
  FROM passages p WHERE p.content_id = NEW.id;
  INSERT INTO "passage_count_scratch" ("passage_count_scratch") VALUES ('delete-all');
  INSERT INTO "passage_count_scratch" (rowid, name, subject, heading, body, answer) SELECT rowid, name, subject, heading, body, answer FROM "passage_fts" WHERE rowid IN (SELECT id FROM passages WHERE content_id = NEW.id);
  INSERT INTO "passage_lexeme_counts" ("dataset_id", "lexeme", "passages")
  SELECT (SELECT dataset_id FROM passages WHERE content_id = NEW.id LIMIT 1), v.term, v.doc FROM "passage_count_scratch_vocab" v WHERE (SELECT dataset_id FROM passages WHERE content_id = NEW.id LIMIT 1) IS NOT NULL
  ON CONFLICT ("dataset_id", "lexeme") DO UPDATE SET "passages" = "passages" + excluded."passages";
END;

DROP TRIGGER "subjects_fts_rename";
CREATE TRIGGER "subjects_fts_rename" AFTER UPDATE OF name ON "subjects"
WHEN OLD.name IS NOT NEW.name
BEGIN
  INSERT INTO "passage_count_scratch" ("passage_count_scratch") VALUES ('delete-all');
  INSERT INTO "passage_count_scratch" (rowid, name, subject, heading, body, answer) SELECT rowid, name, subject, heading, body, answer FROM "passage_fts" WHERE rowid IN (SELECT p.id FROM passages p JOIN contents c ON c.id = p.content_id WHERE c.subject_id = NEW.id);
  UPDATE "passage_lexeme_counts" SET "passages" = "passages" - (SELECT v.doc FROM "passage_count_scratch_vocab" v WHERE v.term = "lexeme")
  WHERE "dataset_id" = (SELECT p.dataset_id FROM passages p JOIN contents c ON c.id = p.content_id WHERE c.subject_id = NEW.id LIMIT 1) AND "lexeme" IN (SELECT term FROM "passage_count_scratch_vocab");
  DELETE FROM "passage_fts" WHERE rowid IN (SELECT p.id FROM passages p JOIN contents c ON c.id = p.content_id WHERE c.subject_id = NEW.id);
  INSERT INTO "passage_fts" (rowid, ds, name, subject, heading, body, answer)
  SELECT p.id, 'ds' || p.dataset_id, c.name, NEW.name, p.heading, p.text, p.answer
  FROM passages p JOIN contents c ON c.id = p.content_id WHERE c.subject_id = NEW.id;
  INSERT INTO "passage_count_scratch" ("passage_count_scratch") VALUES ('delete-all');
  INSERT INTO "passage_count_scratch" (rowid, name, subject, heading, body, answer) SELECT rowid, name, subject, heading, body, answer FROM "passage_fts" WHERE rowid IN (SELECT p.id FROM passages p JOIN contents c ON c.id = p.content_id WHERE c.subject_id = NEW.id);
  INSERT INTO "passage_lexeme_counts" ("dataset_id", "lexeme", "passages")
  SELECT (SELECT p.dataset_id FROM passages p JOIN contents c ON c.id = p.content_id WHERE c.subject_id = NEW.id LIMIT 1), v.term, v.doc FROM "passage_count_scratch_vocab" v WHERE (SELECT p.dataset_id FROM passages p JOIN contents c ON c.id = p.content_id WHERE c.subject_id = NEW.id LIMIT 1) IS NOT NULL
  ON CONFLICT ("dataset_id", "lexeme") DO UPDATE SET "passages" = "passages" + excluded."passages";
END;
