-- SQLite now keeps each dataset's document frequencies in passage_lexeme_counts,
-- as PostgreSQL has since 20261127090000. Nothing changes here; this migration
-- exists so both providers keep the same list of migrations.
SELECT 1;
