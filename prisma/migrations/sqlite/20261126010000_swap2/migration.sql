-- AlterTable
ALTER TABLE "Game" ADD COLUMN "swap2" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Challenge" (
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "swap2" BOOLEAN NOT NULL DEFAULT false
);
INSERT INTO "new_Challenge" ("authorId", "clock", "color", "createdAt", "gameId", "id", "nodeId", "rated", "rule", "size", "socketId", "status") SELECT "authorId", "clock", "color", "createdAt", "gameId", "id", "nodeId", "rated", "rule", "size", "socketId", "status" FROM "Challenge";
DROP TABLE "Challenge";
ALTER TABLE "new_Challenge" RENAME TO "Challenge";
CREATE INDEX "Challenge_status_createdAt_idx" ON "Challenge"("status", "createdAt");
CREATE INDEX "Challenge_authorId_status_idx" ON "Challenge"("authorId", "status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

