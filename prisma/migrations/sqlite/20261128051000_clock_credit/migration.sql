-- AlterTable
ALTER TABLE "Game" ADD COLUMN "clockCreditMs" INTEGER;
ALTER TABLE "Game" ADD COLUMN "clockCreditPly" INTEGER;

-- CreateTable
CREATE TABLE "Heartbeat" (
    "node" TEXT NOT NULL PRIMARY KEY,
    "at" DATETIME NOT NULL
);
