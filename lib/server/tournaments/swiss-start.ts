// A Swiss event's start (docs/TOURNAMENTS.md, "Its start"): its first round pairs those who are in at its start, so
// with fewer than two it waits for players, as lila delays it ("Not enough players for first round; delaying start",
// modules/swiss SwissApi), and once SWISS_START_GRACE_MS has passed since its start it is called off: over at round 0,
// which the pages read as "Called off" (lib/shared/called-off).
import { SWISS_START_GRACE_MS } from "../../shared/called-off";
import type { TournamentDeps, TournamentRow } from "./deps";

export type SwissStart = "start" | "wait" | "calledOff";

/** What a Swiss event due to start does now: start (two or more in), wait for players, or be called off. */
export async function swissStart(d: Pick<TournamentDeps, "db">, t: TournamentRow, now: number): Promise<SwissStart> {
  const active = await d.db.tournamentPlayer.count({ where: { tournamentId: t.id, status: { not: "withdrawn" } } });
  if (active >= 2) return "start";
  return now >= t.startsAt.getTime() + SWISS_START_GRACE_MS ? "calledOff" : "wait";
}

/** Over with no round and no ranks (its lone entrant won nothing). True: the event is over. */
export async function callOff(d: TournamentDeps, t: TournamentRow, now: number): Promise<true> {
  const { count } = await d.db.tournament.updateMany({ where: { id: t.id, status: "created" }, data: { status: "finished", finishedAt: new Date(now) } });
  if (count) {
    d.log.info({ tournamentId: t.id }, "swiss called off: fewer than two players an hour after its start");
    d.changed?.(t.id);
  }
  return true;
}
