-- CreateTable
CREATE TABLE "Puzzle" (
    "id" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "toMove" INTEGER NOT NULL,
    "black" TEXT NOT NULL,
    "white" TEXT NOT NULL,
    "theme" TEXT NOT NULL,
    "plies" INTEGER NOT NULL,
    "line" TEXT NOT NULL,
    "finish" TEXT NOT NULL,
    "threat" TEXT,
    "source" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "rd" DOUBLE PRECISION NOT NULL,
    "vol" DOUBLE PRECISION NOT NULL,
    "plays" INTEGER NOT NULL DEFAULT 0,
    "solves" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Puzzle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PuzzleAttempt" (
    "id" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "puzzleId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "rated" BOOLEAN NOT NULL,
    "step" INTEGER NOT NULL DEFAULT 0,
    "hints" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL,
    "streak" INTEGER NOT NULL DEFAULT 0,
    "ratingBefore" DOUBLE PRECISION,
    "ratingAfter" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "PuzzleAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PuzzleRating" (
    "playerId" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "rd" DOUBLE PRECISION NOT NULL,
    "vol" DOUBLE PRECISION NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "solved" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PuzzleRating_pkey" PRIMARY KEY ("playerId")
);

-- CreateIndex
CREATE INDEX "Puzzle_rating_idx" ON "Puzzle"("rating");

-- CreateIndex
CREATE INDEX "Puzzle_theme_rating_idx" ON "Puzzle"("theme", "rating");

-- CreateIndex
CREATE INDEX "PuzzleAttempt_playerId_createdAt_idx" ON "PuzzleAttempt"("playerId", "createdAt");

-- CreateIndex
CREATE INDEX "PuzzleAttempt_playerId_puzzleId_idx" ON "PuzzleAttempt"("playerId", "puzzleId");
