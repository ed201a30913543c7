-- AlterTable
ALTER TABLE "smartpages" ADD COLUMN     "suggested_questions" TEXT NOT NULL DEFAULT '[]';
