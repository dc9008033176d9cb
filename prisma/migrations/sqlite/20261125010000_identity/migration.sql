-- CreateTable
CREATE TABLE "Player" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "passwordHash" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "seenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "playerId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Rating" (
    "playerId" TEXT NOT NULL,
    "pool" TEXT NOT NULL,
    "rating" REAL NOT NULL,
    "rd" REAL NOT NULL,
    "vol" REAL NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "draws" INTEGER NOT NULL DEFAULT 0,
    "losses" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("playerId", "pool")
);

-- CreateTable
CREATE TABLE "RatingPoint" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "playerId" TEXT NOT NULL,
    "pool" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "rating" REAL NOT NULL,
    "rd" REAL NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Challenge" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "authorId" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "rule" TEXT NOT NULL,
    "clock" TEXT NOT NULL,
    "rated" BOOLEAN NOT NULL,
    "color" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "gameId" TEXT,
    "nodeId" TEXT NOT NULL,
    "socketId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Seek" (
    "playerId" TEXT NOT NULL PRIMARY KEY,
    "pool" TEXT NOT NULL,
    "rating" REAL NOT NULL,
    "status" TEXT NOT NULL,
    "gameId" TEXT,
    "nodeId" TEXT NOT NULL,
    "socketId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- AlterTable: new nullable (or defaulted) columns only, so no table copy (a plain ADD COLUMN)
ALTER TABLE "Game" ADD COLUMN "blackPlayerId" TEXT;
ALTER TABLE "Game" ADD COLUMN "whitePlayerId" TEXT;
ALTER TABLE "Game" ADD COLUMN "access" TEXT;
ALTER TABLE "Game" ADD COLUMN "rated" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Game" ADD COLUMN "pool" TEXT;
ALTER TABLE "Game" ADD COLUMN "blackRating" INTEGER;
ALTER TABLE "Game" ADD COLUMN "whiteRating" INTEGER;
ALTER TABLE "Game" ADD COLUMN "blackRatingDiff" INTEGER;
ALTER TABLE "Game" ADD COLUMN "whiteRatingDiff" INTEGER;
ALTER TABLE "Game" ADD COLUMN "drawOffer" INTEGER;
CREATE INDEX "Game_blackPlayerId_finishedAt_idx" ON "Game"("blackPlayerId", "finishedAt");
CREATE INDEX "Game_whitePlayerId_finishedAt_idx" ON "Game"("whitePlayerId", "finishedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Player_nameKey_key" ON "Player"("nameKey");

-- CreateIndex
CREATE INDEX "Session_playerId_idx" ON "Session"("playerId");

-- CreateIndex
CREATE INDEX "Rating_pool_rating_idx" ON "Rating"("pool", "rating");

-- CreateIndex
CREATE INDEX "RatingPoint_playerId_pool_at_idx" ON "RatingPoint"("playerId", "pool", "at");

-- CreateIndex
CREATE INDEX "Challenge_status_createdAt_idx" ON "Challenge"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Challenge_authorId_status_idx" ON "Challenge"("authorId", "status");

-- CreateIndex
CREATE INDEX "Seek_pool_status_createdAt_idx" ON "Seek"("pool", "status", "createdAt");

