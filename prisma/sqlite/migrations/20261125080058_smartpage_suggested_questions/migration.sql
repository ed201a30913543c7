-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_smartpages" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "project_id" INTEGER NOT NULL,
    "datamodel_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "visibility" TEXT NOT NULL DEFAULT 'public',
    "suggested_questions" TEXT NOT NULL DEFAULT '[]',
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "smartpages_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "smartpages_datamodel_id_fkey" FOREIGN KEY ("datamodel_id") REFERENCES "datamodels" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_smartpages" ("created_at", "datamodel_id", "id", "name", "project_id", "slug", "updated_at", "visibility") SELECT "created_at", "datamodel_id", "id", "name", "project_id", "slug", "updated_at", "visibility" FROM "smartpages";
DROP TABLE "smartpages";
ALTER TABLE "new_smartpages" RENAME TO "smartpages";
CREATE UNIQUE INDEX "smartpages_slug_key" ON "smartpages"("slug");
CREATE INDEX "smartpages_project_id_idx" ON "smartpages"("project_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
