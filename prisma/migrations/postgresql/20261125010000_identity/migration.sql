-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "access" TEXT,
ADD COLUMN     "blackPlayerId" TEXT,
ADD COLUMN     "blackRating" INTEGER,
ADD COLUMN     "blackRatingDiff" INTEGER,
ADD COLUMN     "drawOffer" INTEGER,
ADD COLUMN     "pool" TEXT,
ADD COLUMN     "rated" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "whitePlayerId" TEXT,
ADD COLUMN     "whiteRating" INTEGER,
ADD COLUMN     "whiteRatingDiff" INTEGER;

-- CreateTable
CREATE TABLE "Player" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "passwordHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "seenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Player_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Rating" (
    "playerId" TEXT NOT NULL,
    "pool" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "rd" DOUBLE PRECISION NOT NULL,
    "vol" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "draws" INTEGER NOT NULL DEFAULT 0,
    "losses" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Rating_pkey" PRIMARY KEY ("playerId","pool")
);

-- CreateTable
CREATE TABLE "RatingPoint" (
    "id" SERIAL NOT NULL,
    "playerId" TEXT NOT NULL,
    "pool" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "rd" DOUBLE PRECISION NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RatingPoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Challenge" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Challenge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Seek" (
    "playerId" TEXT NOT NULL,
    "pool" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "status" TEXT NOT NULL,
    "gameId" TEXT,
    "nodeId" TEXT NOT NULL,
    "socketId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Seek_pkey" PRIMARY KEY ("playerId")
);

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

-- CreateIndex
CREATE INDEX "Game_blackPlayerId_finishedAt_idx" ON "Game"("blackPlayerId", "finishedAt");

-- CreateIndex
CREATE INDEX "Game_whitePlayerId_finishedAt_idx" ON "Game"("whitePlayerId", "finishedAt");

