-- PostgreSQL reads words the way SQLite's FTS5 does: ASCII punctuation
-- separates words. The 'english' parser kept "os.path.join", "0.1", "3.11"
-- and "auto_explain.log" as single lexemes (host, float, version and file
-- tokens), while FTS5, and the question's terms on both databases, split
-- them into "os", "path", "join": on PostgreSQL a question naming a dotted
-- or underscored identifier matched none of the passages that write it,
-- and the two databases ranked such questions differently.
CREATE FUNCTION passage_search_words(p_text TEXT) RETURNS TEXT LANGUAGE SQL IMMUTABLE AS $$
  SELECT regexp_replace(coalesce(p_text, ''), '[!-/:-@\[-`{-~]', ' ', 'g')
$$;

CREATE OR REPLACE FUNCTION passage_search_document(p_name TEXT, p_subject TEXT, p_heading TEXT, p_body TEXT, p_answer TEXT)
RETURNS TSVECTOR LANGUAGE SQL IMMUTABLE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, passage_search_words(p_name)), 'A')
      || setweight(to_tsvector('english'::regconfig, passage_search_words(coalesce(p_subject, '') || ' ' || coalesce(p_heading, ''))), 'B')
      || setweight(to_tsvector('english'::regconfig, passage_search_words(coalesce(p_body, '') || ' ' || coalesce(p_answer, ''))), 'C')
$$;

-- Every passage indexed again, then its dataset's counts made afresh from the new documents (one pass
-- instead of the counting trigger subtracting and adding every row).
ALTER TABLE passage_search DISABLE TRIGGER passage_search_counts_update;
UPDATE passage_search ps
SET document = passage_search_document(c.name, s.name, p.heading, p.text, p.answer)
FROM passages p JOIN contents c ON c.id = p.content_id JOIN subjects s ON s.id = c.subject_id
WHERE p.id = ps.passage_id;
ALTER TABLE passage_search ENABLE TRIGGER passage_search_counts_update;

DELETE FROM passage_lexeme_counts;
INSERT INTO passage_lexeme_counts (dataset_id, lexeme, passages)
SELECT s.dataset_id, l.lexeme, count(*)::int
FROM passage_search s CROSS JOIN LATERAL passage_lexemes(s.document) l(lexeme)
WHERE EXISTS (SELECT 1 FROM datasets d WHERE d.id = s.dataset_id)
GROUP BY 1, 2;
