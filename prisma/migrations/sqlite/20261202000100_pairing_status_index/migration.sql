-- The open pairings across events (a player waiting in one arena while playing in another): few rows by status.
CREATE INDEX "TournamentPairing_status_idx" ON "TournamentPairing"("status");
