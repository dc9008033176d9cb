-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "unrated" TEXT;

-- CreateTable
CREATE TABLE "PlayerTrace" (
    "playerId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PlayerTrace_pkey" PRIMARY KEY ("playerId","kind","key")
);

-- CreateIndex
CREATE INDEX "PlayerTrace_kind_key_idx" ON "PlayerTrace"("kind", "key");
