-- AlterTable
ALTER TABLE "generative_models" ADD COLUMN     "project_id" INTEGER;

-- CreateIndex
CREATE INDEX "generative_models_project_id_idx" ON "generative_models"("project_id");

-- AddForeignKey
ALTER TABLE "generative_models" ADD CONSTRAINT "generative_models_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
