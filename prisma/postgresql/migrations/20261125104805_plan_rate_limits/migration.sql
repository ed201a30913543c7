-- AlterTable
ALTER TABLE "plans" ADD COLUMN     "api_rate_burst" INTEGER,
ADD COLUMN     "api_rate_per_minute" INTEGER;
