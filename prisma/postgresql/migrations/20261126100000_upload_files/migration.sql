-- AlterTable
ALTER TABLE "contents" ADD COLUMN     "file_id" INTEGER;

-- AlterTable
ALTER TABLE "upload_items" ADD COLUMN     "file_id" INTEGER,
ADD COLUMN     "file_name" TEXT,
ADD COLUMN     "file_size" INTEGER;

-- CreateTable
CREATE TABLE "upload_files" (
    "id" SERIAL NOT NULL,
    "project_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "upload_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "upload_file_chunks" (
    "file_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,

    CONSTRAINT "upload_file_chunks_pkey" PRIMARY KEY ("file_id","position")
);

-- CreateIndex
CREATE INDEX "upload_files_project_id_idx" ON "upload_files"("project_id");

-- CreateIndex
CREATE INDEX "upload_items_file_id_idx" ON "upload_items"("file_id");

-- AddForeignKey
ALTER TABLE "upload_items" ADD CONSTRAINT "upload_items_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "upload_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "upload_files" ADD CONSTRAINT "upload_files_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "upload_file_chunks" ADD CONSTRAINT "upload_file_chunks_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "upload_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;
