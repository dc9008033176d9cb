-- CreateTable
CREATE TABLE "PlayerAlias" (
    "nameKey" TEXT NOT NULL PRIMARY KEY,
    "playerId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "PlayerAlias_playerId_idx" ON "PlayerAlias"("playerId");
