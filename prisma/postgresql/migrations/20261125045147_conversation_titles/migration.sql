-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "hidden_at" TIMESTAMP(3),
ADD COLUMN     "title" TEXT;
