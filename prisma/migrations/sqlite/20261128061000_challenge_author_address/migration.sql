-- AlterTable
ALTER TABLE "Challenge" ADD COLUMN "authorIp" TEXT;

-- CreateIndex
CREATE INDEX "Challenge_authorIp_status_idx" ON "Challenge"("authorIp", "status");
