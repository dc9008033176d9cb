-- CreateTable
CREATE TABLE "AnalysisJob" (
    "gameId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "done" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL,
    "reason" TEXT,
    "requestedBy" TEXT,
    "requestedIp" TEXT,
    "runBy" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AnalysisJob_pkey" PRIMARY KEY ("gameId")
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
    "winBefore" DOUBLE PRECISION NOT NULL,
    "winAfter" DOUBLE PRECISION NOT NULL,
    "loss" DOUBLE PRECISION NOT NULL,
    "mark" TEXT NOT NULL,
    "depth" INTEGER NOT NULL,

    CONSTRAINT "MoveAnalysis_pkey" PRIMARY KEY ("gameId","ply")
);

-- CreateIndex
CREATE INDEX "AnalysisJob_status_createdAt_idx" ON "AnalysisJob"("status", "createdAt");

-- CreateIndex
CREATE INDEX "AnalysisJob_requestedIp_status_idx" ON "AnalysisJob"("requestedIp", "status");
