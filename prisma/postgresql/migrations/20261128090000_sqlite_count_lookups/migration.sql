-- SQLite now reads a dataset's size and a term's postings from
-- passage_lexeme_counts, as PostgreSQL does since 20261127090000. Nothing
-- changes here; this migration exists so both providers keep the same list
-- of migrations.
SELECT 1;
