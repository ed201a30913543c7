-- Full-text index of passages (FTS5, Porter stemming, accents folded).
-- Columns: ds (the token 'ds<dataset_id>', weight 0, used to keep a query
-- inside one dataset), name (content name), subject (subject name),
-- heading, body (passage text), answer (FAQ answer).
-- Triggers keep it in step with passages, contents and subjects inside the
-- writer's own transaction, so replacePassages needs to know nothing of it.
CREATE VIRTUAL TABLE "passage_fts" USING fts5(
  ds, name, subject, heading, body, answer,
  tokenize = 'porter unicode61 remove_diacritics 2'
);

-- Per-term document counts, read to keep very common terms out of the
-- ranked candidate query.
CREATE VIRTUAL TABLE "passage_fts_vocab" USING fts5vocab("passage_fts", 'row');

INSERT INTO "passage_fts" (rowid, ds, name, subject, heading, body, answer)
SELECT p.id, 'ds' || p.dataset_id, c.name, s.name, p.heading, p.text, p.answer
FROM passages p JOIN contents c ON c.id = p.content_id JOIN subjects s ON s.id = c.subject_id;

CREATE TRIGGER "passages_fts_insert" AFTER INSERT ON "passages" BEGIN
  INSERT INTO "passage_fts" (rowid, ds, name, subject, heading, body, answer)
  VALUES (
    NEW.id,
    'ds' || NEW.dataset_id,
    coalesce((SELECT name FROM contents WHERE id = NEW.content_id), ''),
    coalesce((SELECT s.name FROM contents c JOIN subjects s ON s.id = c.subject_id WHERE c.id = NEW.content_id), ''),
    NEW.heading, NEW.text, NEW.answer
  );
END;

CREATE TRIGGER "passages_fts_delete" AFTER DELETE ON "passages" BEGIN
  DELETE FROM "passage_fts" WHERE rowid = OLD.id;
END;

CREATE TRIGGER "passages_fts_update" AFTER UPDATE ON "passages" BEGIN
  DELETE FROM "passage_fts" WHERE rowid = OLD.id;
  INSERT INTO "passage_fts" (rowid, ds, name, subject, heading, body, answer)
  VALUES (
    NEW.id,
    'ds' || NEW.dataset_id,
    coalesce((SELECT name FROM contents WHERE id = NEW.content_id), ''),
    coalesce((SELECT s.name FROM contents c JOIN subjects s ON s.id = c.subject_id WHERE c.id = NEW.content_id), ''),
    NEW.heading, NEW.text, NEW.answer
  );
END;

CREATE TRIGGER "contents_fts_rename" AFTER UPDATE OF name, subject_id ON "contents" BEGIN
  DELETE FROM "passage_fts" WHERE rowid IN (SELECT id FROM passages WHERE content_id = NEW.id);
  INSERT INTO "passage_fts" (rowid, ds, name, subject, heading, body, answer)
  SELECT p.id, 'ds' || p.dataset_id, NEW.name, coalesce((SELECT name FROM subjects WHERE id = NEW.subject_id), ''), p.heading, p.text, p.answer
  FROM passages p WHERE p.content_id = NEW.id;
END;

CREATE TRIGGER "subjects_fts_rename" AFTER UPDATE OF name ON "subjects" BEGIN
  DELETE FROM "passage_fts" WHERE rowid IN (SELECT p.id FROM passages p JOIN contents c ON c.id = p.content_id WHERE c.subject_id = NEW.id);
  INSERT INTO "passage_fts" (rowid, ds, name, subject, heading, body, answer)
  SELECT p.id, 'ds' || p.dataset_id, c.name, NEW.name, p.heading, p.text, p.answer
  FROM passages p JOIN contents c ON c.id = p.content_id WHERE c.subject_id = NEW.id;
END;
