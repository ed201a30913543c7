-- SQLite now keeps the words of passages' titles in an index of their own.
-- Nothing changes here (passage_search weighs title words in the document);
-- this migration exists so both providers keep the same list of migrations.
SELECT 1;
