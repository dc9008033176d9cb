-- CreateIndex
CREATE INDEX "Game_status_finishedAt_id_idx" ON "Game"("status", "finishedAt" DESC, "id");

