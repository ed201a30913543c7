-- Embedding vectors of passages, for hybrid retrieval when an embeddings
-- provider is configured (docs/search.md, "Hybrid retrieval"). One row per
-- passage: the vector as little-endian float32 bytes (portable: no
-- extension needed), the model that made it (vectors of another model are
-- ignored, so changing EMBEDDINGS_MODEL never mixes spaces) and its
-- dimension count. dataset_id is copied from the passage so a search reads
-- only its dataset. Deleting a passage cascades to its vector.
CREATE TABLE "passage_vectors" (
  "passage_id" INTEGER PRIMARY KEY REFERENCES "passages" ("id") ON DELETE CASCADE,
  "dataset_id" INTEGER NOT NULL,
  "model" TEXT NOT NULL,
  "dims" INTEGER NOT NULL,
  "embedding" BYTEA NOT NULL
);

CREATE INDEX "passage_vectors_dataset_model_idx" ON "passage_vectors" ("dataset_id", "model");
