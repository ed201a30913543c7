-- CreateIndex
CREATE INDEX "contents_file_id_idx" ON "contents"("file_id");
