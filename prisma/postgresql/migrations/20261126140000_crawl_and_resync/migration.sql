-- AlterTable
ALTER TABLE "datasets" ADD COLUMN     "next_sync_at" TIMESTAMP(3),
ADD COLUMN     "sync_schedule" TEXT NOT NULL DEFAULT 'none';

-- AlterTable
ALTER TABLE "contents" ADD COLUMN     "content_hash" TEXT,
ADD COLUMN     "etag" TEXT,
ADD COLUMN     "last_modified" TEXT,
ADD COLUMN     "miss_count" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "upload_items" ADD COLUMN     "crawl_id" INTEGER,
ADD COLUMN     "depth" INTEGER,
ADD COLUMN     "fetched_at" TIMESTAMP(3),
ADD COLUMN     "outcome" TEXT,
ADD COLUMN     "sync" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "crawls" (
    "id" SERIAL NOT NULL,
    "upload_id" INTEGER NOT NULL,
    "start_url" TEXT NOT NULL,
    "max_pages" INTEGER NOT NULL,
    "max_depth" INTEGER NOT NULL,
    "scope" TEXT NOT NULL,
    "include" TEXT NOT NULL DEFAULT '[]',
    "exclude" TEXT NOT NULL DEFAULT '[]',
    "delay_ms" INTEGER NOT NULL,
    "discovered_at" TIMESTAMP(3),
    "robots" TEXT,
    "sitemap_urls" INTEGER NOT NULL DEFAULT 0,
    "disallowed" INTEGER NOT NULL DEFAULT 0,
    "over_limit" INTEGER NOT NULL DEFAULT 0,
    "next_fetch_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "crawls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dataset_syncs" (
    "id" SERIAL NOT NULL,
    "dataset_id" INTEGER NOT NULL,
    "upload_id" INTEGER NOT NULL,
    "trigger" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dataset_syncs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "crawls_upload_id_key" ON "crawls"("upload_id");

-- CreateIndex
CREATE UNIQUE INDEX "dataset_syncs_upload_id_key" ON "dataset_syncs"("upload_id");

-- CreateIndex
CREATE INDEX "dataset_syncs_dataset_id_created_at_idx" ON "dataset_syncs"("dataset_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "upload_items_crawl_id_url_key" ON "upload_items"("crawl_id", "url");

-- AddForeignKey
ALTER TABLE "crawls" ADD CONSTRAINT "crawls_upload_id_fkey" FOREIGN KEY ("upload_id") REFERENCES "uploads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dataset_syncs" ADD CONSTRAINT "dataset_syncs_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "datasets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "dataset_syncs" ADD CONSTRAINT "dataset_syncs_upload_id_fkey" FOREIGN KEY ("upload_id") REFERENCES "uploads"("id") ON DELETE CASCADE ON UPDATE CASCADE;
