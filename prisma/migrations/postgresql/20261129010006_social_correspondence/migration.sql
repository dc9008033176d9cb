-- AlterTable
ALTER TABLE "Game" ADD COLUMN "corrDays" INTEGER;
ALTER TABLE "Game" ADD COLUMN "corrDeadline" TIMESTAMP(3);
ALTER TABLE "Game" ADD COLUMN "corrToMoveId" TEXT;

-- CreateTable
CREATE TABLE "Follow" (
    "followerId" TEXT NOT NULL,
    "followeeId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Follow_pkey" PRIMARY KEY ("followerId","followeeId")
);

-- CreateTable
CREATE TABLE "DirectChallenge" (
    "id" TEXT NOT NULL,
    "fromId" TEXT NOT NULL,
    "toId" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "rule" TEXT NOT NULL,
    "clock" TEXT NOT NULL,
    "corrDays" INTEGER,
    "rated" BOOLEAN NOT NULL,
    "color" TEXT NOT NULL,
    "swap2" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL,
    "gameId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answeredAt" TIMESTAMP(3),

    CONSTRAINT "DirectChallenge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Game_status_corrDeadline_idx" ON "Game"("status", "corrDeadline");
CREATE INDEX "Game_corrToMoveId_status_idx" ON "Game"("corrToMoveId", "status");
CREATE INDEX "Follow_followeeId_idx" ON "Follow"("followeeId");
CREATE INDEX "Follow_followerId_createdAt_idx" ON "Follow"("followerId", "createdAt");
CREATE INDEX "DirectChallenge_toId_status_createdAt_idx" ON "DirectChallenge"("toId", "status", "createdAt");
CREATE INDEX "DirectChallenge_fromId_status_createdAt_idx" ON "DirectChallenge"("fromId", "status", "createdAt");
CREATE INDEX "DirectChallenge_toId_createdAt_idx" ON "DirectChallenge"("toId", "createdAt");
CREATE INDEX "DirectChallenge_fromId_createdAt_idx" ON "DirectChallenge"("fromId", "createdAt");
