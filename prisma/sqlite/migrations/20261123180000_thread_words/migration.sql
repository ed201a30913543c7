-- PostgreSQL's migration of this name adds a vocabulary of question words
-- and per-thread word keys for the threads report's `question` filter.
-- SQLite needs neither: its FTS5 trigram index with positions
-- (20261123160000_thread_questions) already matches a term exactly from the
-- index alone. Kept so both providers have the same migrations.
SELECT 1;
