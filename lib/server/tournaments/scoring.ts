// Scoring: the event's open pairings whose games have ended are scored from the Game rows (whichever
// node ended them, even while no director ran), each once: the pairing's conditional update from
// "playing" to "done" decides it, in the same transaction as the players' rows. An aborted game, or
// an arena game that ended after the arena did, scores nothing ("none").
import type { Db } from "../db/client";
import { inTransactionOf } from "../db/client";
import { inListIds, inSlices } from "../db/params";
import { closePairings, freeIdle, writeStandingRows } from "./bulk";
import { passSize, timed, type TournamentDeps, type TournamentRow } from "./deps";
import { arenaStanding, swissStandingsOf, swissPoints, type Standing } from "./recount";

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * Scores what has ended; returns how many pairings were scored. One transaction for the pass: each
 * pairing closed by its conditional update, then the rows of everyone whose game was closed, read
 * and written together (not a transaction and its reads per game). More ended than a pass scores
 * (passSize): the longest ended first, the rest in the next pass (d.again).
 */
export async function scoreFinished(
  d: Pick<TournamentDeps, "db" | "phases" | "again" | "waitingSince" | "passSize">,
  t: TournamentRow,
  nowMs: number,
): Promise<number> {
  const db = d.db;
  const max = passSize(d).scored;
  // The event's games that ended and are not scored yet, longest ended first, with their lengths, in one
  // query (not every open pairing read to look their games up: a round trip and hundreds of rows a pass).
  const rows = await db.$queryRaw<EndedRow[]>`SELECT p."id", p."blackId", p."whiteId", p."gameId", g."result", g."reason", g."finishedAt",
      (SELECT COUNT(*) FROM "Move" m WHERE m."gameId" = g."id") AS "plies"
    FROM "TournamentPairing" p JOIN "Game" g ON g."id" = p."gameId"
    WHERE p."tournamentId" = ${t.id} AND p."status" = 'playing' AND g."status" = 'finished'
    ORDER BY g."finishedAt" ASC, p."id" ASC LIMIT ${max + 1}`;
  if (!rows.length) return 0;
  if (rows.length > max) d.again?.();
  const open = rows.slice(0, max).map((r) => ({ ...r, finishedAt: dateOf(r.finishedAt), plies: Number(r.plies) }));
  d.phases?.set("n.scored", open.length);
  d.phases?.set("lag.scored", Math.max(...open.map((g) => nowMs - (g.finishedAt?.getTime() ?? nowMs))));
  const closing = new Map(open.map((p) => [p.id, { result: countedResult(t, p), plies: p.plies }]));
  const players = open.flatMap((p) => [p.blackId, ...(p.whiteId ? [p.whiteId] : [])]);
  const asked = performance.now();
  const done = await db.$transaction(
    async (client) => {
      const tx = inTransactionOf(client, db);
      // Begun: on SQLite it holds the write lock from its BEGIN (lib/server/db/sqlite-pragmas), so the reads
      // below are of the rows as they are when it writes (no SQLITE_BUSY_SNAPSHOT at its first write).
      d.phases?.set("score.begin", performance.now() - asked);
      let scored = 0;
      if (t.kind === "arena") {
        // The rows computed as if every game were closed, then the pairings closed with their points
        // (conditional: still "playing"). One closed by someone else first (two directors): the rows are read again.
        const { rows, points } = await timed(d, "score.rows", () => arenaRows(tx, t, players, closing));
        const closed = await timed(d, "score.close", () =>
          closePairings(
            tx,
            [...closing].map(([id, c]) => ({ id, ...c, ...points.get(id) })),
          ),
        );
        for (const id of closing.keys()) points.delete(id);
        if (closed < closing.size) await writeStandings(tx, t, players, nowMs);
        else await timed(d, "score.write", () => writeArenaRows(tx, t, rows, points, nowMs));
        return closed;
      }
      const closed: string[] = [];
      for (const [id, c] of closing) {
        const { count } = await tx.tournamentPairing.updateMany({ where: { id, status: "playing" }, data: { status: "done", ...c } });
        if (count !== 1) continue;
        scored++;
        const p = open.find((x) => x.id === id)!;
        closed.push(p.blackId, ...(p.whiteId ? [p.whiteId] : []));
      }
      if (closed.length) await writeStandings(tx, t, closed, nowMs);
      return scored;
    },
    // A pass's scoring is one transaction: under load it may take seconds (Prisma's default allows 5).
    { maxWait: 10_000, timeout: 60_000 },
  );
  // Free from now (those whose game was closed first by another director too: close enough).
  for (const id of players) if (!d.waitingSince?.has(id)) d.waitingSince?.set(id, nowMs);
  return done;
}

type EndedRow = {
  id: string;
  blackId: string;
  whiteId: string | null;
  gameId: string;
  result: string | null;
  reason: string | null;
  finishedAt: unknown;
  plies: unknown;
};

/** A raw query's date: a Date (PostgreSQL), or what SQLite keeps (milliseconds, or an ISO text). */
function dateOf(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  return new Date(typeof v === "string" && /^\d+$/.test(v) ? Number(v) : (v as string | number));
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
  await writeRows(
    tx,
    t.id,
    [...all].filter(([id]) => !touched || touched.has(id)).map(([id, standing]) => ({ id, standing, scoreBefore: before.get(id)?.score })),
    nowMs,
  );
}

async function writeArena(tx: Tx | Db, t: TournamentRow, ids: string[], nowMs: number): Promise<void> {
  const { rows, points } = await arenaRows(tx, t, ids);
  await writeArenaRows(tx, t, rows, points, nowMs);
}

type Closing = Map<string, { result: string; plies: number }>;
type Row = { id: string; standing: Standing; scoreBefore: number | undefined };
type Points = Map<string, { blackPoints?: number; whitePoints?: number }>;

/**
 * The rows of `ids` computed from their pairings (and their opponents' ratings), with the pairings of
 * `closing` taken as done with those results; and each pairing's points that differ from its row (a
 * pairing of two of `ids` changes on both sides: one entry).
 */
async function arenaRows(tx: Tx | Db, t: TournamentRow, ids: string[], closing: Closing = new Map()): Promise<{ rows: Row[]; points: Points }> {
  const read = await inSlices(tx, ids, (part) =>
    tx.tournamentPairing.findMany({ where: { tournamentId: t.id, OR: [{ blackId: { in: part } }, { whiteId: { in: part } }] } }),
  );
  const unique = [...new Map(read.map((p) => [p.id, closing.has(p.id) ? { ...p, status: "done", ...closing.get(p.id)! } : p])).values()];
  const met = [...new Set([...ids, ...unique.flatMap((p) => [p.blackId, p.whiteId ?? p.blackId])])];
  const entrants = await inSlices(tx, met, (part) => tx.tournamentPlayer.findMany({ where: { tournamentId: t.id, playerId: { in: part } } }));
  const rating = new Map(entrants.map((e) => [e.playerId, e.rating]));
  const before = new Map(entrants.map((e) => [e.playerId, e]));
  const points: Points = new Map();
  const rows = [...new Set(ids)].map((id) => {
    const { standing, points: mine } = arenaStanding(id, unique, (o) => rating.get(o) ?? 1500);
    for (const p of unique) {
      const pts = mine.get(p.id);
      if (pts === undefined) continue;
      const field = p.blackId === id ? "blackPoints" : "whitePoints";
      if (p[field] !== pts) points.set(p.id, { ...points.get(p.id), [field]: pts });
    }
    return { id, standing, scoreBefore: before.get(id)?.score };
  });
  return { rows, points };
}

async function writeArenaRows(tx: Tx | Db, t: TournamentRow, rows: Row[], points: Points, nowMs: number): Promise<void> {
  for (const [id, data] of points) await tx.tournamentPairing.update({ where: { id }, data });
  await writeRows(tx, t.id, rows, nowMs);
}

/**
 * The standing rows of players; then those with no open game left are back in the waiting room
 * (unless they paused or withdrew meanwhile): one statement for all of them (bulk freeIdle).
 */
async function writeRows(tx: Tx | Db, tournamentId: string, rows: Row[], nowMs: number): Promise<void> {
  if (!rows.length) return;
  await writeStandingRows(tx, tournamentId, rows);
  // Who reached a new score now (the arena's last tie-break: the earlier one to reach it).
  const moved = rows.filter((r) => r.scoreBefore !== r.standing.score).map((r) => r.id);
  const per = inListIds(tx);
  for (let i = 0; i < moved.length; i += per)
    await tx.tournamentPlayer.updateMany({ where: { tournamentId, playerId: { in: moved.slice(i, i + per) } }, data: { scoredAt: new Date(nowMs) } });
  await freeIdle(
    tx,
    tournamentId,
    rows.map((r) => r.id),
  );
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
  const games = new Map<string, { id: string; result: string | null; reason: string | null; finishedAt: Date | null; status: string }>();
  const plies = new Map<string, number>();
  // In slices: a big arena has more games than SQLite takes parameters in one query.
  const per = inListIds(db);
  for (let i = 0; i < ids.length; i += per) {
    const part = ids.slice(i, i + per);
    for (const g of await db.game.findMany({ where: { id: { in: part } }, select: { id: true, result: true, reason: true, finishedAt: true, status: true } }))
      games.set(g.id, g);
    for (const r of await db.move.groupBy({ by: ["gameId"], where: { gameId: { in: part } }, _count: { _all: true } })) plies.set(r.gameId, r._count._all);
  }
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
