// A Swiss event that ended before its first round: fewer than two players were in at its start, and the
// director finishes such an event at once (lib/server/tournaments/steps). The pages say "Called off" and why,
// not "Finished" with empty standings and "round 0 of 5" (docs/TOURNAMENTS.md, "Its start").
import type { TournamentSummary } from "./tournaments";

export const calledOff = (t: Pick<TournamentSummary, "kind" | "status" | "round">): boolean => t.kind === "swiss" && t.status === "finished" && t.round === 0;
