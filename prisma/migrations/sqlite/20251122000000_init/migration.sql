-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "startedAt" DATETIME,
    "finishedAt" DATETIME
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("gameId", "ply"),
    CONSTRAINT "Move_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Game_status_createdAt_idx" ON "Game"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Game_kind_finishedAt_idx" ON "Game"("kind", "finishedAt");

