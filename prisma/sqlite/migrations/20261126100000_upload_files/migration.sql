-- AlterTable
ALTER TABLE "contents" ADD COLUMN "file_id" INTEGER;

-- CreateTable
CREATE TABLE "upload_files" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "project_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "upload_files_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "upload_file_chunks" (
    "file_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "bytes" BLOB NOT NULL,

    PRIMARY KEY ("file_id", "position"),
    CONSTRAINT "upload_file_chunks_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "upload_files" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_upload_items" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "upload_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "dataset_name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "subject_name" TEXT,
    "content_name" TEXT,
    "source_link" TEXT,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_by" TEXT,
    "locked_until" DATETIME,
    "content_id" INTEGER,
    "passage_count" INTEGER NOT NULL DEFAULT 0,
    "token_count" INTEGER NOT NULL DEFAULT 0,
    "file_id" INTEGER,
    "file_name" TEXT,
    "file_size" INTEGER,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "upload_items_upload_id_fkey" FOREIGN KEY ("upload_id") REFERENCES "uploads" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "upload_items_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "upload_files" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_upload_items" ("attempts", "content_id", "content_name", "created_at", "dataset_name", "error", "id", "locked_by", "locked_until", "next_attempt_at", "passage_count", "position", "source_link", "state", "subject_name", "token_count", "updated_at", "upload_id", "url") SELECT "attempts", "content_id", "content_name", "created_at", "dataset_name", "error", "id", "locked_by", "locked_until", "next_attempt_at", "passage_count", "position", "source_link", "state", "subject_name", "token_count", "updated_at", "upload_id", "url" FROM "upload_items";
DROP TABLE "upload_items";
ALTER TABLE "new_upload_items" RENAME TO "upload_items";
CREATE INDEX "upload_items_upload_id_idx" ON "upload_items"("upload_id");
CREATE INDEX "upload_items_file_id_idx" ON "upload_items"("file_id");
CREATE INDEX "upload_items_state_next_attempt_at_idx" ON "upload_items"("state", "next_attempt_at");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "upload_files_project_id_idx" ON "upload_files"("project_id");
