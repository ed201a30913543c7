-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_generation_presets" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "project_id" INTEGER NOT NULL,
    "identifier" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prompt_template" TEXT NOT NULL,
    "generative_model_id" INTEGER NOT NULL,
    "parameters" TEXT NOT NULL DEFAULT '{}',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "generation_presets_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "generation_presets_generative_model_id_fkey" FOREIGN KEY ("generative_model_id") REFERENCES "generative_models" ("id") ON DELETE NO ACTION ON UPDATE CASCADE
);
INSERT INTO "new_generation_presets" ("created_at", "generative_model_id", "id", "identifier", "name", "parameters", "project_id", "prompt_template", "updated_at") SELECT "created_at", "generative_model_id", "id", "identifier", "name", "parameters", "project_id", "prompt_template", "updated_at" FROM "generation_presets";
DROP TABLE "generation_presets";
ALTER TABLE "new_generation_presets" RENAME TO "generation_presets";
CREATE UNIQUE INDEX "generation_presets_project_id_identifier_key" ON "generation_presets"("project_id", "identifier");
CREATE TABLE "new_datamodels" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "project_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "dataset_id" INTEGER NOT NULL,
    "preset_id" INTEGER NOT NULL,
    "generative_model_id" INTEGER NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "datamodels_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "datamodels_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "datasets" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "datamodels_preset_id_fkey" FOREIGN KEY ("preset_id") REFERENCES "generation_presets" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "datamodels_generative_model_id_fkey" FOREIGN KEY ("generative_model_id") REFERENCES "generative_models" ("id") ON DELETE NO ACTION ON UPDATE CASCADE
);
INSERT INTO "new_datamodels" ("created_at", "dataset_id", "generative_model_id", "id", "name", "preset_id", "project_id", "updated_at") SELECT "created_at", "dataset_id", "generative_model_id", "id", "name", "preset_id", "project_id", "updated_at" FROM "datamodels";
DROP TABLE "datamodels";
ALTER TABLE "new_datamodels" RENAME TO "datamodels";
CREATE UNIQUE INDEX "datamodels_project_id_name_key" ON "datamodels"("project_id", "name");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
