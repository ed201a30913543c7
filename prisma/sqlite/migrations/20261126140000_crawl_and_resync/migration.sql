-- Crawls of a website and re-syncs of URL contents (issue 16 items 2 and 3).
-- Columns are added with ALTER TABLE rather than by rebuilding the tables:
-- a rebuild of "contents" would drop its full-text index triggers.

-- AlterTable
ALTER TABLE "datasets" ADD COLUMN "sync_schedule" TEXT NOT NULL DEFAULT 'none';
ALTER TABLE "datasets" ADD COLUMN "next_sync_at" DATETIME;

-- AlterTable
ALTER TABLE "contents" ADD COLUMN "etag" TEXT;
ALTER TABLE "contents" ADD COLUMN "last_modified" TEXT;
ALTER TABLE "contents" ADD COLUMN "content_hash" TEXT;
ALTER TABLE "contents" ADD COLUMN "miss_count" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "upload_items" ADD COLUMN "crawl_id" INTEGER;
ALTER TABLE "upload_items" ADD COLUMN "depth" INTEGER;
ALTER TABLE "upload_items" ADD COLUMN "fetched_at" DATETIME;
ALTER TABLE "upload_items" ADD COLUMN "sync" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "upload_items" ADD COLUMN "outcome" TEXT;

-- CreateTable
CREATE TABLE "crawls" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "upload_id" INTEGER NOT NULL,
    "start_url" TEXT NOT NULL,
    "max_pages" INTEGER NOT NULL,
    "max_depth" INTEGER NOT NULL,
    "scope" TEXT NOT NULL,
    "include" TEXT NOT NULL DEFAULT '[]',
    "exclude" TEXT NOT NULL DEFAULT '[]',
    "delay_ms" INTEGER NOT NULL,
    "discovered_at" DATETIME,
    "robots" TEXT,
    "sitemap_urls" INTEGER NOT NULL DEFAULT 0,
    "disallowed" INTEGER NOT NULL DEFAULT 0,
    "over_limit" INTEGER NOT NULL DEFAULT 0,
    "next_fetch_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "crawls_upload_id_fkey" FOREIGN KEY ("upload_id") REFERENCES "uploads" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "dataset_syncs" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "dataset_id" INTEGER NOT NULL,
    "upload_id" INTEGER NOT NULL,
    "trigger" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "dataset_syncs_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "datasets" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "dataset_syncs_upload_id_fkey" FOREIGN KEY ("upload_id") REFERENCES "uploads" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "upload_items_crawl_id_url_key" ON "upload_items"("crawl_id", "url");

-- CreateIndex
CREATE UNIQUE INDEX "crawls_upload_id_key" ON "crawls"("upload_id");

-- CreateIndex
CREATE UNIQUE INDEX "dataset_syncs_upload_id_key" ON "dataset_syncs"("upload_id");

-- CreateIndex
CREATE INDEX "dataset_syncs_dataset_id_created_at_idx" ON "dataset_syncs"("dataset_id", "created_at");
