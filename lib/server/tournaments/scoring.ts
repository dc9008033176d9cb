// Scoring: the event's open pairings whose games have ended are scored from the Game rows (whichever
// node ended them, even while no director ran), each once: the pairing's conditional update from
// "playing" to "done" decides it, in the same transaction as the players' rows. An aborted game, or
// an arena game that ended after the arena did, scores nothing ("none").
import { dbProviderOf, type Db } from "../db/client";
import type { TournamentRow } from "./deps";
import { arenaStanding, swissStandingsOf, swissPoints, type Standing } from "./recount";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/** Scores what has ended; returns how many pairings were scored. */
export async function scoreFinished(db: Db, t: TournamentRow, nowMs: number): Promise<number> {
  const open = await db.tournamentPairing.findMany({ where: { tournamentId: t.id, status: "playing", gameId: { not: null } } });
  if (!open.length) return 0;
  const ids = open.map((p) => p.gameId!);
  const ended = await db.game.findMany({ where: { id: { in: ids }, status: "finished" }, select: { id: true, result: true, reason: true, finishedAt: true } });
  if (!ended.length) return 0;
  const plies = new Map(
    (await db.move.groupBy({ by: ["gameId"], where: { gameId: { in: ended.map((g) => g.id) } }, _count: { _all: true } })).map((r) => [
      r.gameId,
      r._count._all,
    ]),
  );
  const byGame = new Map(open.map((p) => [p.gameId!, p]));
  // Each game touches only its two players' rows (one open game each): scored side by side on
  // PostgreSQL; one after another on SQLite (one writer: parallel transactions would only wait).
  const results = await eachOf(db, ended, async (g) => {
    const p = byGame.get(g.id)!;
    const result = countedResult(t, g);
    return db.$transaction(async (tx) => {
      const { count } = await tx.tournamentPairing.updateMany({
        where: { id: p.id, status: "playing" },
        data: { status: "done", result, plies: plies.get(g.id) ?? 0 },
      });
      if (count !== 1) return false;
      await writeStandings(tx, t, [p.blackId, ...(p.whiteId ? [p.whiteId] : [])], nowMs);
      return true;
    });
  });
  return results.filter(Boolean).length;
}

async function eachOf<T, R>(db: Db, items: readonly T[], fn: (x: T) => Promise<R>): Promise<R[]> {
  if (dbProviderOf(db) === "postgresql") return Promise.all(items.map(fn));
  const out: R[] = [];
  for (const x of items) out.push(await fn(x));
  return out;
}

/**
 * Rewrites the rows of `ids` from the pairings (arena: only their pairings and their opponents are
 * read, so a game's end costs the same in an arena of 10 or 1,000). Swiss: `ids` get their new score
 * at once; everyone's tie-breaks (which move with every result) are rewritten with `ids` null, before
 * each round and at the end.
 */
export async function writeStandings(tx: Tx | Db, t: TournamentRow, ids: string[] | null, nowMs: number): Promise<void> {
  if (t.kind === "arena")
    return writeArena(
      tx,
      t,
      ids ?? (await tx.tournamentPlayer.findMany({ where: { tournamentId: t.id }, select: { playerId: true } })).map((e) => e.playerId),
      nowMs,
    );
  const pairings = await tx.tournamentPairing.findMany({ where: { tournamentId: t.id } });
  const entrants = await tx.tournamentPlayer.findMany({ where: { tournamentId: t.id } });
  const before = new Map(entrants.map((e) => [e.playerId, e]));
  const all = swissStandingsOf(
    entrants.map((e) => e.playerId),
    pairings,
  );
  const touched = ids ? new Set(ids) : null;
  for (const p of pairings.filter((x) => x.status === "done" && (!touched || touched.has(x.blackId) || touched.has(x.whiteId ?? "")))) {
    const pts = swissPoints(p);
    if (p.blackPoints !== pts.black || p.whitePoints !== pts.white)
      await tx.tournamentPairing.update({ where: { id: p.id }, data: { blackPoints: pts.black, whitePoints: pts.white } });
  }
  for (const [id, s] of all) if (!touched || touched.has(id)) await writeRow(tx, t.id, id, s, before.get(id)?.score, nowMs);
}

async function writeArena(tx: Tx | Db, t: TournamentRow, ids: string[], nowMs: number): Promise<void> {
  const pairings = await tx.tournamentPairing.findMany({ where: { tournamentId: t.id, OR: [{ blackId: { in: ids } }, { whiteId: { in: ids } }] } });
  const met = new Set([...ids, ...pairings.flatMap((p) => [p.blackId, p.whiteId ?? p.blackId])]);
  const entrants = await tx.tournamentPlayer.findMany({ where: { tournamentId: t.id, playerId: { in: [...met] } } });
  const rating = new Map(entrants.map((e) => [e.playerId, e.rating]));
  const before = new Map(entrants.map((e) => [e.playerId, e]));
  for (const id of ids) {
    const { standing, points } = arenaStanding(id, pairings, (o) => rating.get(o) ?? 1500);
    for (const p of pairings)
      if (points.has(p.id)) {
        const pts = points.get(p.id)!;
        const field = p.blackId === id ? "blackPoints" : "whitePoints";
        if (p[field] !== pts) await tx.tournamentPairing.update({ where: { id: p.id }, data: { [field]: pts } });
      }
    await writeRow(tx, t.id, id, standing, before.get(id)?.score, nowMs);
  }
}

async function writeRow(tx: Tx | Db, tournamentId: string, playerId: string, s: Standing, scoreBefore: number | undefined, nowMs: number) {
  const data = { ...s, ...(scoreBefore !== s.score ? { scoredAt: new Date(nowMs) } : {}) };
  await tx.tournamentPlayer.update({ where: { tournamentId_playerId: { tournamentId, playerId } }, data });
  // Back in the waiting room unless they paused or withdrew meanwhile (and not while another game of theirs is open).
  const open = await tx.tournamentPairing.count({
    where: { tournamentId, status: { in: ["starting", "playing"] }, OR: [{ blackId: playerId }, { whiteId: playerId }] },
  });
  if (!open) await tx.tournamentPlayer.updateMany({ where: { tournamentId, playerId, status: "playing" }, data: { status: "waiting" } });
}

/** A finished game's result as the event counts it: none for an abort, a game without a result, or one ended after the arena. */
export function countedResult(t: Pick<TournamentRow, "endsAt">, g: { result: string | null; reason: string | null; finishedAt: Date | null }): string {
  const late = t.endsAt !== null && g.finishedAt !== null && g.finishedAt > t.endsAt;
  return g.reason === "abort" || !g.result || late ? "none" : g.result;
}

/**
 * The whole event recounted from the games themselves (nothing written): each done pairing's result
 * and length read again from its Game and Move rows, then every standing from those. Equal to the
 * rows when all is well.
 */
export async function recountEvent(db: Db, t: TournamentRow): Promise<Map<string, Standing>> {
  const rows = await db.tournamentPairing.findMany({ where: { tournamentId: t.id } });
  const ids = rows.filter((p) => p.status === "done" && p.gameId).map((p) => p.gameId!);
  const games = new Map(
    (await db.game.findMany({ where: { id: { in: ids } }, select: { id: true, result: true, reason: true, finishedAt: true, status: true } })).map((g) => [
      g.id,
      g,
    ]),
  );
  const plies = new Map(
    (await db.move.groupBy({ by: ["gameId"], where: { gameId: { in: ids } }, _count: { _all: true } })).map((r) => [r.gameId, r._count._all]),
  );
  const pairings = rows.map((p) => {
    const g = p.status === "done" && p.gameId ? games.get(p.gameId) : undefined;
    // A game still playing when its pairing was closed (the event's end) counts for nothing.
    if (!g || p.result === "none") return p;
    return { ...p, result: g.status === "finished" ? countedResult(t, g) : "none", plies: plies.get(g.id) ?? 0 };
  });
  const entrants = await db.tournamentPlayer.findMany({ where: { tournamentId: t.id } });
  if (t.kind !== "arena")
    return swissStandingsOf(
      entrants.map((e) => e.playerId),
      pairings,
    );
  const rating = new Map(entrants.map((e) => [e.playerId, e.rating]));
  return new Map(entrants.map((e) => [e.playerId, arenaStanding(e.playerId, pairings, (o) => rating.get(o) ?? 1500).standing]));
}
