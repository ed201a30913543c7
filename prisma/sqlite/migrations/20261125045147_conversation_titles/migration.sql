-- AlterTable
ALTER TABLE "conversations" ADD COLUMN "hidden_at" DATETIME;
ALTER TABLE "conversations" ADD COLUMN "title" TEXT;
