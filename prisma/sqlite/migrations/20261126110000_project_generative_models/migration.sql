-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_generative_models" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "project_id" INTEGER,
    "name" TEXT NOT NULL,
    "provider" TEXT NOT NULL DEFAULT 'extractive',
    "base_url" TEXT,
    "provider_model" TEXT,
    "api_key_env" TEXT,
    "fee_search" REAL NOT NULL DEFAULT 1,
    "fee_stream" REAL NOT NULL DEFAULT 1,
    "fee_deepsearch" REAL NOT NULL DEFAULT 1,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "generative_models_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_generative_models" ("api_key_env", "base_url", "created_at", "fee_deepsearch", "fee_search", "fee_stream", "id", "name", "provider", "provider_model", "updated_at") SELECT "api_key_env", "base_url", "created_at", "fee_deepsearch", "fee_search", "fee_stream", "id", "name", "provider", "provider_model", "updated_at" FROM "generative_models";
DROP TABLE "generative_models";
ALTER TABLE "new_generative_models" RENAME TO "generative_models";
CREATE UNIQUE INDEX "generative_models_name_key" ON "generative_models"("name");
CREATE INDEX "generative_models_project_id_idx" ON "generative_models"("project_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
