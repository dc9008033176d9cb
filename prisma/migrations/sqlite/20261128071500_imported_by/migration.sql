-- AlterTable
ALTER TABLE "Game" ADD COLUMN "importedById" TEXT;

-- CreateIndex
CREATE INDEX "Game_importedById_finishedAt_idx" ON "Game"("importedById", "finishedAt");
