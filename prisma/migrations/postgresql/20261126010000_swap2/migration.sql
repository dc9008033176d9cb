-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "swap2" TEXT;

-- AlterTable
ALTER TABLE "Challenge" ADD COLUMN     "swap2" BOOLEAN NOT NULL DEFAULT false;

