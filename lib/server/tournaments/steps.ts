// One director's step for one event (it holds the event's lease): start it when due, score what has
// ended, pair (arena: the waiting room; Swiss: the next round once the last one is over), end it.
import type { TournamentDeps, TournamentRow } from "./deps";
import { OPEN, passSize, timed } from "./deps";
import { firstWave, pairArena } from "./arena-pairing";
import { coloursOf } from "./colours";
import { pairSwiss } from "./swiss-pairing";
import { scoreFinished, writeStandings } from "./scoring";
import { startGames, unstick } from "./games";
import { ranked } from "./standings";
import { engineStep } from "./engine";
import { callOff, swissStart } from "./swiss-start";

/** How often a director looks for "starting" rows a dead node left (./games unstick). */
export const UNSTICK_EVERY_MS = 5_000;

/** One step of event `t`; true once it is over (its director can let it go). */
export async function stepEvent(d: TournamentDeps, t: TournamentRow): Promise<boolean> {
  const now = d.clock.now();
  if (t.status === "created") {
    if (now < t.startsAt.getTime()) return false;
    // A Swiss pairs its first round at its start: with fewer than two in, it waits for players (./swiss-start).
    if (t.kind === "swiss") {
      const start = await swissStart(d, t, now);
      if (start === "wait") return false;
      if (start === "calledOff") return callOff(d, t, now);
    }
    const { count } = await d.db.tournament.updateMany({ where: { id: t.id, status: "created" }, data: { status: "started" } });
    if (!count) return false;
    t = { ...t, status: "started" };
    d.changed?.(t.id);
    d.log.info({ tournamentId: t.id, kind: t.kind }, "tournament started");
  }
  if (t.status !== "started") return t.status === "finished";
  if (await timed(d, "score", () => scoreFinished(d, t, now))) d.changed?.(t.id);
  // A long scoring: the lease renewed (or lost: the new holder pairs) before pairing.
  if (d.holds && !(await d.holds())) return false;
  // Rows a dead node left "starting" are looked for every few seconds (they are stale only after 30), not every pass.
  const lookedAt = d.unstuckAt?.get(t.id);
  if (lookedAt === undefined || now - lookedAt >= UNSTICK_EVERY_MS) {
    d.unstuckAt?.set(t.id, now);
    await timed(d, "unstick", () => unstick(d, t));
  }
  if (t.kind === "engine") return engineStep(d, t, () => finish(d, t));
  return t.kind === "arena" ? arenaStep(d, t, now) : swissStep(d, t);
}

/** True once the event is over. */
async function arenaStep(d: TournamentDeps, t: TournamentRow, now: number): Promise<boolean> {
  if (t.endsAt && now >= t.endsAt.getTime()) return finish(d, t);
  // The entrants, and those of them in a game of another event now (read together: no round trip more).
  const [entrants, elsewhere] = await Promise.all([
    timed(d, "entrants", () => d.db.tournamentPlayer.findMany({ where: { tournamentId: t.id } })),
    playingElsewhere(d, t.id),
  ]);
  const places = new Map(ranked("arena", entrants).map((r) => [r.playerId, r.place]));
  // One who is playing in another event waits here until that game is over: nobody is in two games at once.
  const waiting = entrants.filter((e) => e.status === "waiting" && (!e.pausedUntil || e.pausedUntil.getTime() <= now) && !elsewhere.has(e.playerId));
  if (waiting.length < 2) return false;
  const byId = new Map(entrants.map((e) => [e.playerId, e]));
  // The event's only two active players (nobody else waiting, playing or able to come back unpaused) meet again and again,
  // as lila's onlyTwoActivePlayers; else two who just played would wait to the end.
  const active = entrants.filter((e) => e.status === "waiting" || e.status === "playing").length;
  const all = pairArena(
    waiting.map((e) => ({ id: e.playerId, rank: places.get(e.playerId)!, rating: e.rating, lastOpponent: e.lastOpponent })),
    { onlyTwoActive: active === 2 },
  );
  // A big wave (an arena of hundreds starting) is seated over several passes, those waiting longest first,
  // so the first games start at once and no pass holds the director for long.
  // Waiting since: when this director scored their last game; else (a new director) their last new score, or joining.
  const since = (id: string) => d.waitingSince?.get(id) ?? (byId.get(id)!.scoredAt ?? byId.get(id)!.joinedAt).getTime();
  const pairs = firstWave(all, since, passSize(d).pairs);
  d.phases?.set("n.waiting", waiting.length);
  d.phases?.set("n.pairs", pairs.length);
  d.phases?.set("lag.waited", Math.max(0, ...pairs.flat().map((id) => now - since(id))));
  for (const id of pairs.flat()) d.waitingSince?.delete(id);
  if (pairs.length < all.length) d.again?.();
  const coloured = pairs.map(([a, b]) => coloursOf(history(byId.get(a)!), history(byId.get(b)!), byId.get(a)!.games + 1));
  if (coloured.length) await startGames(d, t, coloured, 0);
  return false;
}

/**
 * The players waiting in event `id` who have a game under way in another event (an arena they were paused
 * in on joining this one while its game went on, a Swiss round that started meanwhile, an arena they had
 * signed up for that started): one query, the open pairings found by their status.
 */
async function playingElsewhere(d: Pick<TournamentDeps, "db">, id: string): Promise<Set<string>> {
  const rows = await d.db.$queryRaw<Array<{ playerId: string }>>`SELECT DISTINCT me."playerId" FROM "TournamentPlayer" me
    JOIN "TournamentPairing" p ON p."status" IN ('starting', 'playing') AND p."tournamentId" <> me."tournamentId"
      AND (p."blackId" = me."playerId" OR p."whiteId" = me."playerId")
    WHERE me."tournamentId" = ${id} AND me."status" = 'waiting'`;
  return new Set(rows.map((r) => r.playerId));
}

const history = (e: { playerId: string; blacks: number; whites: number }) => ({ id: e.playerId, blacks: e.blacks, whites: e.whites, last: null });

async function swissStep(d: TournamentDeps, t: TournamentRow): Promise<boolean> {
  const open = await d.db.tournamentPairing.count({ where: { tournamentId: t.id, status: { in: OPEN } } });
  if (open) return false;
  const rounds = t.rounds ?? 0;
  if (t.round >= rounds) return finish(d, t);
  const entrants = await d.db.tournamentPlayer.findMany({ where: { tournamentId: t.id } });
  const active = entrants.filter((e) => e.status !== "withdrawn");
  if (active.length < 2) return finish(d, t);
  const pairings = await d.db.tournamentPairing.findMany({ where: { tournamentId: t.id, status: "done" } });
  const opponents = new Map<string, Set<string>>(active.map((e) => [e.playerId, new Set()]));
  const last = new Map<string, "black" | "white">();
  for (const p of [...pairings].sort((a, b) => a.round - b.round)) {
    if (!p.whiteId) continue;
    opponents.get(p.blackId)?.add(p.whiteId);
    opponents.get(p.whiteId)?.add(p.blackId);
    last.set(p.blackId, "black");
    last.set(p.whiteId, "white");
  }
  const round = t.round + 1;
  const plan = pairSwiss(
    active.map((e) => ({
      id: e.playerId,
      score: e.score,
      rating: e.rating,
      byes: e.byes,
      opponents: opponents.get(e.playerId)!,
      blacks: e.blacks,
      whites: e.whites,
      last: last.get(e.playerId) ?? null,
    })),
    round,
  );
  if (plan.rematches) d.log.warn({ tournamentId: t.id, round }, "swiss: no pairing without a rematch; rematches allowed");
  // The round is this node's to start: the conditional update decides it.
  const { count } = await d.db.tournament.updateMany({ where: { id: t.id, round: t.round }, data: { round } });
  if (!count) return false;
  const now = d.clock.now();
  if (plan.bye)
    await d.db.tournamentPairing.create({
      data: { id: `${t.id}-r${round}-bye`, tournamentId: t.id, round, blackId: plan.bye, status: "done", result: "bye", createdAt: new Date(now) },
    });
  // Paused players between rounds play on (a pause is the arena's): everyone active is waiting.
  await d.db.tournamentPlayer.updateMany({ where: { tournamentId: t.id, status: "paused" }, data: { status: "waiting" } });
  await writeStandings(d.db, { ...t, round }, null, now);
  await startGames(d, t, plan.pairs, round);
  d.log.info({ tournamentId: t.id, round, pairs: plan.pairs.length, bye: plan.bye }, "swiss round started");
  return false;
}

/** The end: open games score nothing more, ranks frozen (1–3 the podium). */
async function finish(d: TournamentDeps, t: TournamentRow): Promise<true> {
  const now = d.clock.now();
  const open = await d.db.tournamentPairing.findMany({ where: { tournamentId: t.id, status: { in: OPEN } } });
  for (const p of open) await d.db.tournamentPairing.updateMany({ where: { id: p.id, status: p.status }, data: { status: "done", result: "none" } });
  await writeStandings(d.db, t, null, now);
  const rows = await d.db.tournamentPlayer.findMany({ where: { tournamentId: t.id } });
  for (const r of ranked(t.kind as "arena", rows))
    await d.db.tournamentPlayer.update({ where: { tournamentId_playerId: { tournamentId: t.id, playerId: r.playerId } }, data: { rank: r.place } });
  await d.db.tournament.updateMany({ where: { id: t.id, status: "started" }, data: { status: "finished", finishedAt: new Date(now) } });
  d.log.info({ tournamentId: t.id, players: rows.length }, "tournament finished");
  d.changed?.(t.id);
  return true;
}
