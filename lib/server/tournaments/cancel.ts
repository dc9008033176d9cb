// A person's arena or Swiss cancelled by its creator (or the operator) before it starts: over at once with no
// game, read as "Called off" (lib/shared/called-off) — else, with one live event per creator and starts up to a
// week ahead, a typo in a name would lock its creator out of making another for a week. Once it has started, the
// players are in it: no cancel (lila's creators may only before the start too).
import { fail } from "../errors";
import type { TournamentDeps, TournamentRow } from "./deps";
import type { EngineCreator } from "./engine";

export async function cancelPeopleEvent(d: TournamentDeps, who: EngineCreator, t: TournamentRow): Promise<void> {
  if (who.kind === "visitor" && t.createdById !== who.me.id) fail("NOT_ALLOWED", "Only its creator can cancel this event.", { reason: "tourCancelCreator" });
  if (t.status === "finished") fail("GAME_OVER", "This event has finished.", { reason: "tourOver" });
  if (t.status !== "created")
    fail("NOT_ALLOWED", "This event has started: its players are in it, so it can no longer be cancelled.", { reason: "tourCancelStarted" });
  const now = d.clock.now();
  // Conditional: if the director started it meanwhile, it stands.
  const { count } = await d.db.tournament.updateMany({
    where: { id: t.id, status: "created" },
    // finishedAt before startsAt marks it cancelled (lib/server/tournaments/views).
    data: { status: "finished", finishedAt: new Date(Math.min(now, t.startsAt.getTime() - 1)) },
  });
  if (!count) fail("NOT_ALLOWED", "This event has started: its players are in it, so it can no longer be cancelled.", { reason: "tourCancelStarted" });
  d.log.info({ tournamentId: t.id, by: who.kind === "operator" ? "operator" : who.me.id }, "tournament cancelled by its creator");
  d.changed?.(t.id);
}
