-- AlterTable
ALTER TABLE "evaluation_runs" ADD COLUMN "datamodel_id" INTEGER;
ALTER TABLE "evaluation_runs" ADD COLUMN "dataset_id" INTEGER;
ALTER TABLE "evaluation_runs" ADD COLUMN "preset" TEXT;
