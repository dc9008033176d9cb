// An arena or Swiss its creator cancelled before its start (lib/server/tournaments/cancel), or a Swiss event that ended before its first round: fewer than two players were in within SWISS_START_GRACE_MS of its
// start, and the director called it off (lib/server/tournaments/swiss-start). The pages say "Called off" and why, not
// "Finished" with empty standings and "round 0 of 5"; before that, a Swiss past its start waits for players.
import type { TournamentSummary } from "./tournaments";

/** How long after its start a Swiss with fewer than two players waits for them (lila: an hour). */
export const SWISS_START_GRACE_MS = 3600_000;

export const calledOff = (t: Pick<TournamentSummary, "kind" | "status" | "round" | "cancelled">): boolean =>
  t.cancelled || (t.kind === "swiss" && t.status === "finished" && t.round === 0);

/** A Swiss past its start still waiting for a second player: when it will be called off if none comes (else null). */
export const waitingUntil = (t: Pick<TournamentSummary, "kind" | "status" | "startsAt">, now: number): number | null => {
  const start = Date.parse(t.startsAt);
  return t.kind === "swiss" && t.status === "created" && now >= start ? start + SWISS_START_GRACE_MS : null;
};
