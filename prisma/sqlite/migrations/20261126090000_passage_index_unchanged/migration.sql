-- A re-import keeps the passages it did not change (lib/knowledge/passages.ts)
-- and only renumbers those that moved; it also saves the content's name and
-- subject again, changed or not. None of that changes what the full-text
-- index holds, so none of it may re-index: the triggers now fire only when
-- an indexed value actually changes (a WHEN clause compares old and new;
-- `UPDATE OF` alone fires whenever the column is named in the SET list).
DROP TRIGGER "passages_fts_update";
CREATE TRIGGER "passages_fts_update" AFTER UPDATE ON "passages"
WHEN OLD.id IS NOT NEW.id OR OLD.dataset_id IS NOT NEW.dataset_id OR OLD.content_id IS NOT NEW.content_id
  OR OLD.heading IS NOT NEW.heading OR OLD.text IS NOT NEW.text OR OLD.answer IS NOT NEW.answer
BEGIN
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

DROP TRIGGER "contents_fts_rename";
CREATE TRIGGER "contents_fts_rename" AFTER UPDATE OF name, subject_id ON "contents"
WHEN OLD.name IS NOT NEW.name OR OLD.subject_id IS NOT NEW.subject_id
BEGIN
  DELETE FROM "passage_fts" WHERE rowid IN (SELECT id FROM passages WHERE content_id = NEW.id);
  INSERT INTO "passage_fts" (rowid, ds, name, subject, heading, body, answer)
  SELECT p.id, 'ds' || p.dataset_id, NEW.name, coalesce((SELECT name FROM subjects WHERE id = NEW.subject_id), ''), p.heading, p.text, p.answer
  FROM passages p WHERE p.content_id = NEW.id;
END;

DROP TRIGGER "subjects_fts_rename";
CREATE TRIGGER "subjects_fts_rename" AFTER UPDATE OF name ON "subjects"
WHEN OLD.name IS NOT NEW.name
BEGIN
  DELETE FROM "passage_fts" WHERE rowid IN (SELECT p.id FROM passages p JOIN contents c ON c.id = p.content_id WHERE c.subject_id = NEW.id);
  INSERT INTO "passage_fts" (rowid, ds, name, subject, heading, body, answer)
  SELECT p.id, 'ds' || p.dataset_id, c.name, NEW.name, p.heading, p.text, p.answer
  FROM passages p JOIN contents c ON c.id = p.content_id WHERE c.subject_id = NEW.id;
END;
