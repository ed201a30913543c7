-- A re-import keeps the passages it did not change (lib/knowledge/passages.ts)
-- and only renumbers those that moved. Renumbering changes nothing the
-- full-text index holds, so it may not re-index: the update trigger now
-- compares the statement's old and new rows and refreshes only passages
-- whose indexed values changed. (Content and subject renames were already
-- compared with IS DISTINCT FROM.) A trigger with a column list cannot take
-- transition tables, hence the comparison.
CREATE FUNCTION passages_search_update_trigger() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM passage_search_refresh(ARRAY(
    SELECT n.id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
    WHERE o.id IS NULL
       OR (n.dataset_id, n.content_id, n.heading, n.text, n.answer) IS DISTINCT FROM (o.dataset_id, o.content_id, o.heading, o.text, o.answer)));
  RETURN NULL;
END $$;

DROP TRIGGER "passages_search_update" ON "passages";
CREATE TRIGGER "passages_search_update" AFTER UPDATE ON "passages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passages_search_update_trigger();
