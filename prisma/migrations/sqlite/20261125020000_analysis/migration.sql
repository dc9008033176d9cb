-- CreateTable
CREATE TABLE "AnalysisJob" (
    "gameId" TEXT NOT NULL PRIMARY KEY,
    "status" TEXT NOT NULL,
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL,
    "reason" TEXT,
    "requestedBy" TEXT,
    "requestedIp" TEXT,
    "runBy" TEXT,
    "leaseUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "MoveAnalysis" (
    "gameId" TEXT NOT NULL,
    "ply" INTEGER NOT NULL,
    "color" INTEGER NOT NULL,
    "before" TEXT NOT NULL,
    "after" TEXT NOT NULL,
    "best" TEXT,
    "bestScore" TEXT NOT NULL,
    "line" TEXT NOT NULL,
    "rank" INTEGER NOT NULL,
    "candidates" INTEGER NOT NULL,
    "winBefore" REAL NOT NULL,
    "winAfter" REAL NOT NULL,
    "loss" REAL NOT NULL,
    "mark" TEXT NOT NULL,
    "depth" INTEGER NOT NULL,

    PRIMARY KEY ("gameId", "ply")
);

-- CreateIndex
CREATE INDEX "AnalysisJob_status_createdAt_idx" ON "AnalysisJob"("status", "createdAt");

-- CreateIndex
CREATE INDEX "AnalysisJob_requestedIp_status_idx" ON "AnalysisJob"("requestedIp", "status");
