-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "importKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Game_importKey_key" ON "Game"("importKey");
