-- Puzzles mined from analysed games (issue 29): the game and ply a puzzle comes from, and its key up to symmetry (one position, one puzzle).
ALTER TABLE "Puzzle" ADD COLUMN "gameId" TEXT;
ALTER TABLE "Puzzle" ADD COLUMN "ply" INTEGER;
ALTER TABLE "Puzzle" ADD COLUMN "key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Puzzle_key_key" ON "Puzzle"("key");

-- CreateIndex
CREATE INDEX "Puzzle_gameId_idx" ON "Puzzle"("gameId");
