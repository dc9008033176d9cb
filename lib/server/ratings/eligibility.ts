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
import { serverConfig, type FairPlaySettings } from "../config";
import { shareTrace } from "../identity/traces";
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
  const { black, white } = game;
  const deviceSince = new Date(now.getTime() - s.ratedSameDeviceHours * 3_600_000);
  if (s.ratedSameDeviceHours > 0 && (await shareTrace(db, "device", black, white, deviceSince))) return { rated: false, code: "SAME_DEVICE" };
  const traceSince = new Date(now.getTime() - NETWORK_DAYS * DAY_MS);
  const daySince = new Date(now.getTime() - DAY_MS);
  const pair = await db.game.count({
    where: {
      AND: [
        countedGames(daySince),
        {
          OR: [
            { blackPlayerId: black, whitePlayerId: white },
            { blackPlayerId: white, whitePlayerId: black },
          ],
        },
      ],
    },
  });
  if (pair >= s.ratedPairPerDay) return { rated: false, code: "PAIR_LIMIT", limit: s.ratedPairPerDay };
  for (const [me, opponent] of [
    [black, white],
    [white, black],
  ] as const) {
    if (!(await isNewNeighbour(db, me, opponent, game.pool, traceSince))) continue;
    if ((await newNeighbourGames(db, me, daySince, traceSince)) >= s.ratedNewNeighboursPerDay)
      return { rated: false, code: "NEW_NEIGHBOURS", limit: s.ratedNewNeighboursPerDay };
  }
  return { rated: true };
}

/** Provisional in `pool` (or unrated there) and seen on one of `me`'s networks. */
async function isNewNeighbour(db: Db, me: string, opponent: string, pool: string, traceSince: Date): Promise<boolean> {
  const r = await db.rating.findUnique({ where: { playerId_pool: { playerId: opponent, pool } }, select: { rd: true } });
  if (r && r.rd <= PROVISIONAL_RD) return false;
  return shareTrace(db, "net", me, opponent, traceSince);
}

/** `me`'s counted rated games since `daySince` against players who are new in that game's pool and share a network with `me`. */
async function newNeighbourGames(db: Db, me: string, daySince: Date, traceSince: Date): Promise<number> {
  const games = await db.game.findMany({
    where: { AND: [countedGames(daySince), { OR: [{ blackPlayerId: me }, { whitePlayerId: me }] }] },
    select: { blackPlayerId: true, whitePlayerId: true, pool: true },
  });
  const played = games.flatMap((g) => {
    const opponent = g.blackPlayerId === me ? g.whitePlayerId : g.blackPlayerId;
    return opponent && g.pool ? [{ opponent, pool: g.pool }] : [];
  });
  if (played.length === 0) return 0;
  const opponents = [...new Set(played.map((p) => p.opponent))];
  const myNets = await db.playerTrace.findMany({ where: { playerId: me, kind: "net", seenAt: { gte: traceSince } }, select: { key: true } });
  const neighbours = new Set(
    (
      await db.playerTrace.findMany({
        where: { playerId: { in: opponents }, kind: "net", seenAt: { gte: traceSince }, key: { in: myNets.map((t) => t.key) } },
        select: { playerId: true },
      })
    ).map((t) => t.playerId),
  );
  const established = new Set(
    (
      await db.rating.findMany({
        where: { playerId: { in: [...neighbours] }, rd: { lte: PROVISIONAL_RD } },
        select: { playerId: true, pool: true },
      })
    ).map((r) => `${r.playerId}|${r.pool}`),
  );
  return played.filter((p) => neighbours.has(p.opponent) && !established.has(`${p.opponent}|${p.pool}`)).length;
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
