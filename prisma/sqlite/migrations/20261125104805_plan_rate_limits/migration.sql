-- AlterTable
ALTER TABLE "plans" ADD COLUMN "api_rate_burst" INTEGER;
ALTER TABLE "plans" ADD COLUMN "api_rate_per_minute" INTEGER;
