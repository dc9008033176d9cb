-- Engine tournaments (issue 30 part 3): the event's format, and each entrant's engine settings.
ALTER TABLE "Tournament" ADD COLUMN "format" TEXT;
ALTER TABLE "TournamentPlayer" ADD COLUMN "engine" TEXT;
