-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "clockCreditMs" INTEGER,
ADD COLUMN     "clockCreditPly" INTEGER;

-- CreateTable
CREATE TABLE "Heartbeat" (
    "node" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Heartbeat_pkey" PRIMARY KEY ("node")
);
