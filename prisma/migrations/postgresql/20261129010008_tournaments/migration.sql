-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Tournament" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "rule" TEXT NOT NULL,
    "initialMs" INTEGER NOT NULL,
    "incrementMs" INTEGER NOT NULL,
    "rated" BOOLEAN NOT NULL DEFAULT true,
    "status" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "minutes" INTEGER,
    "endsAt" TIMESTAMP(3),
    "rounds" INTEGER,
    "round" INTEGER NOT NULL DEFAULT 0,
    "maxPlayers" INTEGER NOT NULL,
    "createdById" TEXT,
    "createdByIp" TEXT,
    "scheduleKey" TEXT,
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Tournament_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TournamentPlayer" (
    "tournamentId" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "rating" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "score" INTEGER NOT NULL DEFAULT 0,
    "fire" BOOLEAN NOT NULL DEFAULT false,
    "games" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "draws" INTEGER NOT NULL DEFAULT 0,
    "blacks" INTEGER NOT NULL DEFAULT 0,
    "whites" INTEGER NOT NULL DEFAULT 0,
    "byes" INTEGER NOT NULL DEFAULT 0,
    "perf" INTEGER NOT NULL DEFAULT 0,
    "buchholz" INTEGER NOT NULL DEFAULT 0,
    "sonneborn" INTEGER NOT NULL DEFAULT 0,
    "rank" INTEGER,
    "lastOpponent" TEXT,
    "pauses" INTEGER NOT NULL DEFAULT 0,
    "pausedUntil" TIMESTAMP(3),
    "scoredAt" TIMESTAMP(3),
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TournamentPlayer_pkey" PRIMARY KEY ("tournamentId","playerId")
);

-- CreateTable
CREATE TABLE "TournamentPairing" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "gameId" TEXT,
    "blackId" TEXT NOT NULL,
    "whiteId" TEXT,
    "status" TEXT NOT NULL,
    "result" TEXT,
    "berserkBlack" BOOLEAN NOT NULL DEFAULT false,
    "berserkWhite" BOOLEAN NOT NULL DEFAULT false,
    "plies" INTEGER NOT NULL DEFAULT 0,
    "blackPoints" INTEGER NOT NULL DEFAULT 0,
    "whitePoints" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TournamentPairing_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Tournament_scheduleKey_key" ON "Tournament"("scheduleKey");

-- CreateIndex
CREATE INDEX "Tournament_status_startsAt_idx" ON "Tournament"("status", "startsAt");

-- CreateIndex
CREATE INDEX "Tournament_createdById_status_idx" ON "Tournament"("createdById", "status");

-- CreateIndex
CREATE INDEX "TournamentPlayer_playerId_idx" ON "TournamentPlayer"("playerId");

-- CreateIndex
CREATE INDEX "TournamentPlayer_tournamentId_status_idx" ON "TournamentPlayer"("tournamentId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "TournamentPairing_gameId_key" ON "TournamentPairing"("gameId");

-- CreateIndex
CREATE INDEX "TournamentPairing_tournamentId_status_idx" ON "TournamentPairing"("tournamentId", "status");

-- CreateIndex
CREATE INDEX "TournamentPairing_tournamentId_round_idx" ON "TournamentPairing"("tournamentId", "round");

-- AddForeignKey
ALTER TABLE "TournamentPlayer" ADD CONSTRAINT "TournamentPlayer_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentPairing" ADD CONSTRAINT "TournamentPairing_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

