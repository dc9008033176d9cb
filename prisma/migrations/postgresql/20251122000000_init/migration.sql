-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "rule" TEXT NOT NULL,
    "opening" TEXT NOT NULL,
    "black" TEXT NOT NULL,
    "white" TEXT NOT NULL,
    "blackToken" TEXT,
    "whiteToken" TEXT,
    "clock" TEXT,
    "status" TEXT NOT NULL,
    "result" TEXT,
    "reason" TEXT,
    "winLine" TEXT,
    "kind" TEXT NOT NULL,
    "rematchId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "aiClaimBy" TEXT,
    "aiClaimPly" INTEGER,
    "aiClaimUntil" TIMESTAMP(3),

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Move" (
    "gameId" TEXT NOT NULL,
    "ply" INTEGER NOT NULL,
    "x" INTEGER NOT NULL,
    "y" INTEGER NOT NULL,
    "color" INTEGER NOT NULL,
    "by" TEXT NOT NULL,
    "timeMs" INTEGER NOT NULL,
    "score" TEXT,
    "depth" INTEGER,
    "nodes" INTEGER,
    "pv" TEXT,
    "rootScores" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Move_pkey" PRIMARY KEY ("gameId","ply")
);

-- CreateIndex
CREATE INDEX "Game_status_createdAt_idx" ON "Game"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Game_kind_finishedAt_idx" ON "Game"("kind", "finishedAt");

-- AddForeignKey
ALTER TABLE "Move" ADD CONSTRAINT "Move_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

