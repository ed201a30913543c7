-- AlterTable
ALTER TABLE "evaluation_runs" ADD COLUMN     "datamodel_id" INTEGER,
ADD COLUMN     "dataset_id" INTEGER,
ADD COLUMN     "preset" TEXT;
