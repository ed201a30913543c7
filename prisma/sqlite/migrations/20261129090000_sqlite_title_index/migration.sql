-- The words of each passage's titles (its content's name, its subject and its
-- heading) in an index of their own. A question of common words asks first for
-- the passages whose titles hold all of them (lib/search/lexical-sqlite.ts).
-- Asked of passage_fts with a column filter, FTS5 had to read the position
-- lists of every passage holding the words anywhere to find the few holding
-- them in a title: 20-30 ms at 1,000,000 passages for words such as "module",
-- "file" and "example", 1-2 ms here, with the same rows
-- (bench/search/results.md). The three fields are one column: a passage matches
-- when each word is in one of them, as with the filter. Contentless (the text
-- is in passages, contents and subjects), with deletes kept: its triggers
-- remove a passage's row by its id.
CREATE VIRTUAL TABLE "passage_title_fts" USING fts5(
  title,
  content = '',
  contentless_delete = 1,
  tokenize = 'porter unicode61 remove_diacritics 2'
);

INSERT INTO "passage_title_fts" (rowid, title)
SELECT p.id, c.name || ' ' || coalesce(s.name, '') || ' ' || p.heading
FROM passages p JOIN contents c ON c.id = p.content_id LEFT JOIN subjects s ON s.id = c.subject_id;

-- Beside the full-text index's triggers (SQLite runs every AFTER trigger of a
-- statement, in the writer's transaction), on the same writes.
CREATE TRIGGER "passages_title_fts_insert" AFTER INSERT ON "passages" BEGIN
  INSERT INTO "passage_title_fts" (rowid, title)
  VALUES (
    NEW.id,
    coalesce((SELECT name FROM contents WHERE id = NEW.content_id), '') || ' ' ||
    coalesce((SELECT s.name FROM contents c JOIN subjects s ON s.id = c.subject_id WHERE c.id = NEW.content_id), '') || ' ' ||
    NEW.heading
  );
END;

CREATE TRIGGER "passages_title_fts_delete" AFTER DELETE ON "passages" BEGIN
  DELETE FROM "passage_title_fts" WHERE rowid = OLD.id;
END;

CREATE TRIGGER "passages_title_fts_update" AFTER UPDATE ON "passages"
WHEN OLD.id IS NOT NEW.id OR OLD.content_id IS NOT NEW.content_id OR OLD.heading IS NOT NEW.heading
BEGIN
  DELETE FROM "passage_title_fts" WHERE rowid = OLD.id;
  INSERT INTO "passage_title_fts" (rowid, title)
  VALUES (
    NEW.id,
    coalesce((SELECT name FROM contents WHERE id = NEW.content_id), '') || ' ' ||
    coalesce((SELECT s.name FROM contents c JOIN subjects s ON s.id = c.subject_id WHERE c.id = NEW.content_id), '') || ' ' ||
    NEW.heading
  );
END;

CREATE TRIGGER "contents_title_fts_rename" AFTER UPDATE OF name, subject_id ON "contents"
WHEN OLD.name IS NOT NEW.name OR OLD.subject_id IS NOT NEW.subject_id
BEGIN
  DELETE FROM "passage_title_fts" WHERE rowid IN (SELECT id FROM passages WHERE content_id = NEW.id);
  INSERT INTO "passage_title_fts" (rowid, title)
  SELECT p.id, NEW.name || ' ' || coalesce((SELECT name FROM subjects WHERE id = NEW.subject_id), '') || ' ' || p.heading
  FROM passages p WHERE p.content_id = NEW.id;
END;

CREATE TRIGGER "subjects_title_fts_rename" AFTER UPDATE OF name ON "subjects"
WHEN OLD.name IS NOT NEW.name
BEGIN
  DELETE FROM "passage_title_fts" WHERE rowid IN (SELECT p.id FROM passages p JOIN contents c ON c.id = p.content_id WHERE c.subject_id = NEW.id);
  INSERT INTO "passage_title_fts" (rowid, title)
  SELECT p.id, c.name || ' ' || NEW.name || ' ' || p.heading
  FROM passages p JOIN contents c ON c.id = p.content_id WHERE c.subject_id = NEW.id;
END;
