-- CreateTable
CREATE TABLE "Puzzle" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "rating" REAL NOT NULL,
    "rd" REAL NOT NULL,
    "vol" REAL NOT NULL,
    "plays" INTEGER NOT NULL DEFAULT 0,
    "solves" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "PuzzleAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "playerId" TEXT NOT NULL,
    "puzzleId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "rated" BOOLEAN NOT NULL,
    "step" INTEGER NOT NULL DEFAULT 0,
    "hints" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL,
    "streak" INTEGER NOT NULL DEFAULT 0,
    "ratingBefore" REAL,
    "ratingAfter" REAL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" DATETIME
);

-- CreateTable
CREATE TABLE "PuzzleRating" (
    "playerId" TEXT NOT NULL PRIMARY KEY,
    "rating" REAL NOT NULL,
    "rd" REAL NOT NULL,
    "vol" REAL NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "solved" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "Puzzle_rating_idx" ON "Puzzle"("rating");

-- CreateIndex
CREATE INDEX "Puzzle_theme_rating_idx" ON "Puzzle"("theme", "rating");

-- CreateIndex
CREATE INDEX "PuzzleAttempt_playerId_createdAt_idx" ON "PuzzleAttempt"("playerId", "createdAt");

-- CreateIndex
CREATE INDEX "PuzzleAttempt_playerId_puzzleId_idx" ON "PuzzleAttempt"("playerId", "puzzleId");
