-- PostgreSQL now keeps each dataset's document frequencies in a table of its
-- own (passage_lexeme_counts). SQLite needs none: FTS5 keeps them itself and
-- fts5vocab reads them. This migration exists so both providers keep the
-- same list of migrations.
SELECT 1;
