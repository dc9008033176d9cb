// The one place that decides whether a game asked for as rated is rated, and whether a player is
// listed on a leaderboard. Decided when the game starts (an accepted challenge, a quick pairing, a
// rematch), so both players are told before the first move (the game's state: rated false and
// `unrated`, a code); an ended game is rated or not as it started.
//
// Rated games are refused, in this order, when
//  - SAME_DEVICE: the two players have both used one device (the ga_device cookie) in the last
//    `ratedSameDeviceHours`: two identities of one browser (short, so that the next week's student
//    at a shared lab computer is not tied to this week's);
//  - PAIR_LIMIT: the two have had `ratedPairPerDay` rated games in the last 24 h;
//  - NEW_NEIGHBOURS: one's opponent is new (provisional in the pool) and was seen on their network
//    (/24, /64) in the last NETWORK_DAYS, and that player has had `ratedNewNeighboursPerDay` such rated games in 24 h. Fresh
//    guests from one address (alts) cannot lift a rating far; a classroom on one network still plays
//    rated games, and once established its players are not "new" any more.
// A leaderboard lists established ratings (not provisional) with rated games against
// `leaderboardMinOpponents` distinct opponents in the pool, the last within `leaderboardActiveDays`.
import type { Db } from "../db/client";
import { inSlices } from "../db/params";
import { serverConfig, type FairPlaySettings } from "../config";
import { PROVISIONAL_RD } from "../../shared/pools";
import { unratedMessage, type UnratedCode, type UnratedNote } from "../../shared/eligibility";

const DAY_MS = 86_400_000;
/** Networks seen longer ago than this tie no two players together. */
export const NETWORK_DAYS = 30;

export type Eligibility = { rated: true } | { rated: false; code: UnratedCode; limit?: number };

const settings = (): FairPlaySettings => serverConfig().fairPlay;

/** Games that count as rated: asked rated, started, not aborted (an aborted game changed nothing). */
const countedGames = (since: Date) => ({
  rated: true,
  createdAt: { gte: since },
  status: { in: ["playing", "finished"] },
  OR: [{ reason: null }, { reason: { not: "abort" } }],
});

/** Whether a game between `black` and `white` in `pool` asked for as rated is rated, decided at `now`. */
export async function ratedEligibility(
  db: Db,
  game: { pool: string; black: string; white: string },
  now = new Date(),
  s: FairPlaySettings = settings(),
): Promise<Eligibility> {
  return (await ratedEligibilityMany(db, game.pool, [game], now, s))[0];
}

/** kind's trace keys of `ids` seen since `since`: player → keys. */
async function tracesOf(db: Db, kind: "device" | "net", ids: Iterable<string>, since: Date): Promise<Map<string, Set<string>>> {
  const rows = await inSlices(db, ids, (part) =>
    db.playerTrace.findMany({ where: { playerId: { in: part }, kind, seenAt: { gte: since } }, select: { playerId: true, key: true } }),
  );
  const out = new Map<string, Set<string>>();
  for (const r of rows) (out.get(r.playerId) ?? out.set(r.playerId, new Set()).get(r.playerId)!).add(r.key);
  return out;
}

const share = (traces: Map<string, Set<string>>, a: string, b: string) => {
  const mine = traces.get(a);
  const theirs = traces.get(b);
  return !!mine && !!theirs && [...mine].some((k) => theirs.has(k));
};

/** "player|pool" of the established (not provisional) ratings of `ids` (in `pool` only, or in any). */
async function establishedOf(db: Db, ids: Iterable<string>, pool?: string): Promise<Set<string>> {
  const rows = await inSlices(db, ids, (part) =>
    db.rating.findMany({ where: { playerId: { in: part }, rd: { lte: PROVISIONAL_RD }, ...(pool ? { pool } : {}) }, select: { playerId: true, pool: true } }),
  );
  return new Set(rows.map((r) => `${r.playerId}|${r.pool}`));
}

/**
 * ratedEligibility of several games of one pool at once (a pairing pass: each player in one of them),
 * each decided against the rows as they are at `now` (the games of the batch do not count for each
 * other, as when each is decided alone before any starts). A few set queries for the whole batch,
 * not several a game: the device traces, the day's games between its players, the ratings and the
 * networks, and the day's games of those whose opponent is a new neighbour (only they need counting).
 */
export async function ratedEligibilityMany(
  db: Db,
  pool: string,
  games: ReadonlyArray<{ black: string; white: string }>,
  now = new Date(),
  s: FairPlaySettings = settings(),
): Promise<Eligibility[]> {
  const out: Array<Eligibility | null> = games.map(() => null);
  const open = () => games.flatMap((g, i) => (out[i] ? [] : [{ ...g, i }]));
  const players = games.flatMap((g) => [g.black, g.white]);
  const traceSince = new Date(now.getTime() - NETWORK_DAYS * DAY_MS);
  const daySince = new Date(now.getTime() - DAY_MS);
  // The batch's own rows read at once (one round trip, not one after another): devices, the day's games
  // among its players (the pair limit), their networks and who is established in the pool.
  const [devices, among, nets, established] = await Promise.all([
    s.ratedSameDeviceHours > 0 ? tracesOf(db, "device", players, new Date(now.getTime() - s.ratedSameDeviceHours * 3_600_000)) : null,
    inSlices(db, players, (blacks) =>
      inSlices(db, players, (whites) =>
        db.game.findMany({
          where: { AND: [countedGames(daySince), { blackPlayerId: { in: blacks } }, { whitePlayerId: { in: whites } }] },
          select: { blackPlayerId: true, whitePlayerId: true },
        }),
      ),
    ),
    tracesOf(db, "net", players, traceSince),
    establishedOf(db, players, pool),
  ]);
  if (devices) for (const g of open()) if (share(devices, g.black, g.white)) out[g.i] = { rated: false, code: "SAME_DEVICE" };
  // The pair limit: the day's counted games between the two, either colour.
  const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const pairGames = new Map<string, number>();
  for (const g of among) {
    const k = pairKey(g.blackPlayerId!, g.whitePlayerId!);
    pairGames.set(k, (pairGames.get(k) ?? 0) + 1);
  }
  for (const g of open())
    if ((pairGames.get(pairKey(g.black, g.white)) ?? 0) >= s.ratedPairPerDay) out[g.i] = { rated: false, code: "PAIR_LIMIT", limit: s.ratedPairPerDay };
  // New neighbours: the opponent provisional (or unrated) in the pool and seen on one of my networks.
  const left = open();
  if (!left.length) return out as Eligibility[];
  const isNewNeighbour = (me: string, opponent: string) => !established.has(`${opponent}|${pool}`) && share(nets, me, opponent);
  const counted = left.flatMap((g) => [...(isNewNeighbour(g.black, g.white) ? [g.black] : []), ...(isNewNeighbour(g.white, g.black) ? [g.white] : [])]);
  const count = await newNeighbourGames(db, counted, nets, daySince, traceSince);
  for (const g of left)
    for (const [me, opponent] of [
      [g.black, g.white],
      [g.white, g.black],
    ] as const)
      if (!out[g.i] && isNewNeighbour(me, opponent) && (count.get(me) ?? 0) >= s.ratedNewNeighboursPerDay)
        out[g.i] = { rated: false, code: "NEW_NEIGHBOURS", limit: s.ratedNewNeighboursPerDay };
  return out.map((e) => e ?? { rated: true });
}

/**
 * For each of `ids`: their counted rated games since `daySince` against players who are new in that
 * game's pool and share a network with them. `nets`: the networks already read (of `ids` at least).
 */
async function newNeighbourGames(db: Db, ids: string[], nets: Map<string, Set<string>>, daySince: Date, traceSince: Date): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!ids.length) return out;
  const mine = new Set(ids);
  const games = await inSlices(db, ids, (part) =>
    db.game.findMany({
      where: { AND: [countedGames(daySince), { OR: [{ blackPlayerId: { in: part } }, { whitePlayerId: { in: part } }] }] },
      select: { id: true, blackPlayerId: true, whitePlayerId: true, pool: true },
    }),
  );
  // A game between two of `ids` comes once per slice it matched: counted once.
  const unique = [...new Map(games.map((g) => [g.id, g])).values()];
  const played = unique.flatMap((g) =>
    [g.blackPlayerId, g.whitePlayerId].flatMap((me) => {
      const opponent = me === g.blackPlayerId ? g.whitePlayerId : g.blackPlayerId;
      return me && mine.has(me) && opponent && g.pool ? [{ me, opponent, pool: g.pool }] : [];
    }),
  );
  if (!played.length) return out;
  const opponents = [...new Set(played.map((p) => p.opponent))];
  // Both at once: the opponents' networks not read yet, and which opponents are established (where).
  const [unread, established] = await Promise.all([
    tracesOf(
      db,
      "net",
      opponents.filter((o) => !nets.has(o)),
      traceSince,
    ),
    establishedOf(db, opponents),
  ]);
  for (const [id, keys] of unread) nets.set(id, keys);
  const neighbours = played.filter((p) => share(nets, p.me, p.opponent));
  for (const p of neighbours) if (!established.has(`${p.opponent}|${p.pool}`)) out.set(p.me, (out.get(p.me) ?? 0) + 1);
  return out;
}

/** The leaderboard's rules, as its page states them. */
export interface ListingRules {
  minOpponents: number;
  activeDays: number;
}

export const listingRules = (s: FairPlaySettings = settings()): ListingRules => ({
  minOpponents: s.leaderboardMinOpponents,
  activeDays: s.leaderboardActiveDays,
});

/** The Rating rows of `pool` that may be listed as far as the row tells (established, rated recently). */
export function listableWhere(pool: string, now: Date, rules: ListingRules) {
  return { pool, rd: { lte: PROVISIONAL_RD }, updatedAt: { gte: new Date(now.getTime() - rules.activeDays * DAY_MS) } };
}

/** Of `playerIds`, those with rated games in `pool` against at least `min` distinct opponents. */
export async function withEnoughOpponents(db: Db, pool: string, playerIds: string[], min: number): Promise<Set<string>> {
  if (playerIds.length === 0) return new Set();
  const pairs = await db.game.groupBy({
    by: ["blackPlayerId", "whitePlayerId"],
    where: {
      pool,
      rated: true,
      blackRatingDiff: { not: null },
      OR: [{ blackPlayerId: { in: playerIds } }, { whitePlayerId: { in: playerIds } }],
    },
  });
  const opponents = new Map<string, Set<string>>(playerIds.map((id) => [id, new Set()]));
  for (const p of pairs) {
    if (!p.blackPlayerId || !p.whitePlayerId) continue;
    opponents.get(p.blackPlayerId)?.add(p.whitePlayerId);
    opponents.get(p.whitePlayerId)?.add(p.blackPlayerId);
  }
  return new Set(playerIds.filter((id) => opponents.get(id)!.size >= min));
}

/** What a game's state says of a casual game that was asked for as rated. */
export function unratedNote(code: UnratedCode, s: FairPlaySettings = settings()): UnratedNote {
  const limit = code === "PAIR_LIMIT" ? s.ratedPairPerDay : code === "NEW_NEIGHBOURS" ? s.ratedNewNeighboursPerDay : undefined;
  return { code, ...(limit !== undefined ? { limit } : {}), message: unratedMessage(code, limit) };
}
