-- Embedding vectors of passages, for hybrid retrieval when an embeddings
-- provider is configured (docs/search.md, "Hybrid retrieval"). One row per
-- passage: the vector as little-endian float32 (a BLOB sqlite-vec reads
-- as is), the model that made it (vectors of another model are ignored, so
-- changing EMBEDDINGS_MODEL never mixes spaces) and its dimension count.
-- dataset_id is copied from the passage so a search reads only its dataset.
-- Deleting a passage deletes its vector (foreign key and trigger: Prisma's
-- SQLite connections enable foreign keys, the trigger covers any other).
CREATE TABLE "passage_vectors" (
  "passage_id" INTEGER NOT NULL PRIMARY KEY REFERENCES "passages" ("id") ON DELETE CASCADE,
  "dataset_id" INTEGER NOT NULL,
  "model" TEXT NOT NULL,
  "dims" INTEGER NOT NULL,
  "embedding" BLOB NOT NULL
);

CREATE INDEX "passage_vectors_dataset_model_idx" ON "passage_vectors" ("dataset_id", "model");

CREATE TRIGGER "passages_vectors_delete" AFTER DELETE ON "passages" BEGIN
  DELETE FROM "passage_vectors" WHERE passage_id = OLD.id;
END;
