-- Full-text index of passages: a side table with one weighted tsvector per
-- passage ('english' configuration: Snowball stemming and stop words).
-- Weights: A content name, B subject name and heading, C body and answer.
-- Triggers keep it in step with passages, contents and subjects inside the
-- writer's own transaction; deleting a passage cascades. Passage writes use
-- statement-level triggers with transition tables, so replacePassages'
-- createMany of thousands of rows indexes them in one set-based statement.
CREATE TABLE "passage_search" (
  "passage_id" INTEGER PRIMARY KEY REFERENCES "passages" ("id") ON DELETE CASCADE,
  "dataset_id" INTEGER NOT NULL,
  "document" TSVECTOR NOT NULL
);

CREATE INDEX "passage_search_document_idx" ON "passage_search" USING GIN ("document");
CREATE INDEX "passage_search_dataset_idx" ON "passage_search" ("dataset_id");

CREATE FUNCTION passage_search_document(p_name TEXT, p_subject TEXT, p_heading TEXT, p_body TEXT, p_answer TEXT)
RETURNS TSVECTOR LANGUAGE SQL IMMUTABLE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(p_name, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(p_subject, '') || ' ' || coalesce(p_heading, '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(p_body, '') || ' ' || coalesce(p_answer, '')), 'C')
$$;

-- (Re)indexes every passage whose id is in the list.
CREATE FUNCTION passage_search_refresh(ids INTEGER[]) RETURNS VOID LANGUAGE SQL AS $$
  INSERT INTO passage_search (passage_id, dataset_id, document)
  SELECT p.id, p.dataset_id, passage_search_document(c.name, s.name, p.heading, p.text, p.answer)
  FROM passages p JOIN contents c ON c.id = p.content_id JOIN subjects s ON s.id = c.subject_id
  WHERE p.id = ANY(ids)
  ON CONFLICT (passage_id) DO UPDATE SET dataset_id = EXCLUDED.dataset_id, document = EXCLUDED.document
$$;

CREATE FUNCTION passages_search_trigger() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM passage_search_refresh(ARRAY(SELECT id FROM changed_rows));
  RETURN NULL;
END $$;

CREATE FUNCTION contents_search_trigger() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.subject_id IS DISTINCT FROM OLD.subject_id THEN
    PERFORM passage_search_refresh(ARRAY(SELECT id FROM passages WHERE content_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION subjects_search_trigger() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM passage_search_refresh(ARRAY(SELECT p.id FROM passages p JOIN contents c ON c.id = p.content_id WHERE c.subject_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;

-- A trigger with a transition table takes one event only: two triggers.
CREATE TRIGGER "passages_search_insert" AFTER INSERT ON "passages"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION passages_search_trigger();
CREATE TRIGGER "passages_search_update" AFTER UPDATE ON "passages"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION passages_search_trigger();
CREATE TRIGGER "contents_search_sync" AFTER UPDATE ON "contents"
  FOR EACH ROW EXECUTE FUNCTION contents_search_trigger();
CREATE TRIGGER "subjects_search_sync" AFTER UPDATE ON "subjects"
  FOR EACH ROW EXECUTE FUNCTION subjects_search_trigger();

INSERT INTO passage_search (passage_id, dataset_id, document)
SELECT p.id, p.dataset_id, passage_search_document(c.name, s.name, p.heading, p.text, p.answer)
FROM passages p JOIN contents c ON c.id = p.content_id JOIN subjects s ON s.id = c.subject_id;
