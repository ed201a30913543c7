-- PostgreSQL now splits words at ASCII punctuation, as FTS5 always has.
-- Nothing changes here; this migration exists so both providers keep the
-- same list of migrations.
SELECT 1;
