// What player pages and leaderboards show, read from the rows (Player, Rating, RatingPoint, Game).
import type { Db } from "../db/client";
import { PROVISIONAL_RD, QUICK_POOLS, ratingPoolOf } from "../../shared/pools";
import type { GameEndReason, GameResult } from "../../shared/protocol";
import type { Leaderboard, LeaderboardEntry, PlayerProfile, PoolStanding, ProfileGame } from "../../shared/players";
import { listableWhere, listingRules, withEnoughOpponents, type ListingRules } from "./eligibility";

/** Recent games on a player's page. */
export const RECENT_GAMES = 20;
/** Rating points per pool on a player's chart (the latest). */
export const MAX_HISTORY = 200;
/** Players on a leaderboard. */
export const LEADERBOARD_SIZE = 50;

/** The player named `name` (any case), or null. */
export async function playerByName(db: Db, name: string) {
  return db.player.findUnique({ where: { nameKey: name.toLowerCase() }, select: { id: true, name: true, passwordHash: true, createdAt: true } });
}

/** The name now of the player who was called `name` before a rename (any case), or null. */
export async function renamedFrom(db: Db, name: string): Promise<string | null> {
  const alias = await db.playerAlias.findUnique({ where: { nameKey: name.toLowerCase() }, select: { playerId: true } });
  if (!alias) return null;
  const p = await db.player.findUnique({ where: { id: alias.playerId }, select: { name: true } });
  return p?.name ?? null;
}

export async function profileOf(db: Db, name: string): Promise<PlayerProfile | null> {
  const p = await playerByName(db, name);
  if (!p) return null;
  const id = p.id;
  const mine = { OR: [{ blackPlayerId: id }, { whitePlayerId: id }] };
  const [ratings, points, games, wins, draws, losses, bestLevelBeaten] = await Promise.all([
    db.rating.findMany({ where: { playerId: id }, orderBy: { games: "desc" } }),
    db.ratingPoint.findMany({ where: { playerId: id }, orderBy: { at: "desc" }, take: MAX_HISTORY * 4 }),
    db.game.findMany({ where: { ...mine, status: "finished" }, orderBy: { finishedAt: "desc" }, take: RECENT_GAMES }),
    db.game.count({
      where: {
        status: "finished",
        kind: "hvh",
        OR: [
          { blackPlayerId: id, result: "black" },
          { whitePlayerId: id, result: "white" },
        ],
      },
    }),
    db.game.count({ where: { status: "finished", kind: "hvh", result: "draw", ...mine } }),
    db.game.count({
      where: {
        status: "finished",
        kind: "hvh",
        OR: [
          { blackPlayerId: id, result: "white" },
          { whitePlayerId: id, result: "black" },
        ],
      },
    }),
    bestLevelOf(db, id),
  ]);
  const history: PlayerProfile["history"] = {};
  for (const pt of [...points].reverse()) {
    const list = (history[pt.pool] ??= []);
    list.push({ at: pt.at.toISOString(), rating: Math.round(pt.rating), gameId: pt.gameId });
    if (list.length > MAX_HISTORY) list.shift();
  }
  const opponents = new Map(
    (
      await db.player.findMany({
        where: { id: { in: games.map((g) => (g.blackPlayerId === id ? g.whitePlayerId : g.blackPlayerId)).filter((x): x is string => !!x) } },
        select: { id: true, name: true },
      })
    ).map((o) => [o.id, o.name]),
  );
  const recent: ProfileGame[] = games.map((g) => {
    const color = g.blackPlayerId === id ? 1 : 2;
    const opp = color === 1 ? g.whitePlayerId : g.blackPlayerId;
    return {
      id: g.id,
      color,
      opponent: opp ? (opponents.get(opp) ?? null) : null,
      result: g.result as GameResult | null,
      reason: g.reason as GameEndReason | null,
      // an aborted game asked to be rated but changed nothing: it is not shown as rated
      rated: g.rated && g.reason !== "abort",
      diff: color === 1 ? g.blackRatingDiff : g.whiteRatingDiff,
      size: g.size,
      rule: g.rule,
      finishedAt: g.finishedAt?.toISOString() ?? null,
    };
  });
  return {
    name: p.name,
    account: p.passwordHash !== null,
    createdAt: p.createdAt.toISOString(),
    ratings: ratings.map(standingOf),
    history,
    record: { wins, draws, losses },
    recent,
    bestLevelBeaten,
  };
}

/** Wins against the AI read for the best level beaten (the most recent; a bound on the work per page view). */
const LEVEL_WINS_READ = 500;

/** The highest AI level (EngineSettings.level in the engine seat's JSON) this player has beaten, or null. */
async function bestLevelOf(db: Db, id: string): Promise<number | null> {
  const won = await db.game.findMany({
    where: {
      status: "finished",
      kind: "hva",
      OR: [
        { blackPlayerId: id, result: "black" },
        { whitePlayerId: id, result: "white" },
      ],
    },
    select: { black: true, white: true, blackPlayerId: true },
    orderBy: { finishedAt: "desc" },
    take: LEVEL_WINS_READ,
  });
  let best: number | null = null;
  for (const g of won) {
    const level = levelOfSeat(g.blackPlayerId === id ? g.white : g.black);
    if (level !== null && (best === null || level > best)) best = level;
  }
  return best;
}

/** A seat's level: its own, or 10 for full strength (alpha-beta, no depth cap, at least a second a move). */
function levelOfSeat(json: string): number | null {
  try {
    const seat = JSON.parse(json) as { kind?: string; engine?: { level?: unknown; algo?: string; maxDepth?: number; timeMs?: number } };
    if (seat.kind !== "engine" || !seat.engine) return null;
    const { level, algo = "alphabeta", maxDepth, timeMs = 0 } = seat.engine;
    if (level === undefined) return algo === "alphabeta" && !maxDepth && timeMs >= 1000 ? 10 : null;
    return typeof level === "number" && Number.isInteger(level) && level >= 1 && level <= 10 ? level : null;
  } catch {
    return null;
  }
}

const standingOf = (r: { pool: string; rating: number; rd: number; games: number; wins: number; draws: number; losses: number }): PoolStanding => ({
  pool: r.pool,
  rating: Math.round(r.rating),
  rd: Math.round(r.rd),
  provisional: r.rd > PROVISIONAL_RD,
  games: r.games,
  wins: r.wins,
  draws: r.draws,
  losses: r.losses,
});

/** Ratings read at a time while filling a leaderboard, and the most pages read (a bound on one request's cost). */
const LEADERBOARD_PAGE = 100;
const LEADERBOARD_PAGES = 10;

/**
 * The top of `pool`, highest first: only players ./eligibility lists (established, enough distinct
 * opponents, rated recently); the answer states those rules for the page.
 */
export async function leaderboardOf(db: Db, pool: string, opts: { size?: number; now?: Date; rules?: ListingRules } = {}): Promise<Leaderboard> {
  const size = opts.size ?? LEADERBOARD_SIZE;
  const rules = opts.rules ?? listingRules();
  const where = listableWhere(pool, opts.now ?? new Date(), rules);
  const pools = await db.rating.findMany({ distinct: ["pool"], select: { pool: true }, orderBy: { pool: "asc" } });
  const listed: Array<{ playerId: string; rating: number; rd: number; games: number }> = [];
  for (let page = 0; page < LEADERBOARD_PAGES && listed.length < size; page++) {
    const rows = await db.rating.findMany({
      where,
      orderBy: [{ rating: "desc" }, { playerId: "asc" }],
      skip: page * LEADERBOARD_PAGE,
      take: LEADERBOARD_PAGE,
      select: { playerId: true, rating: true, rd: true, games: true },
    });
    const enough = await withEnoughOpponents(
      db,
      pool,
      rows.map((r) => r.playerId),
      rules.minOpponents,
    );
    listed.push(...rows.filter((r) => enough.has(r.playerId)).slice(0, size - listed.length));
    if (rows.length < LEADERBOARD_PAGE) break;
  }
  const names = new Map(
    (await db.player.findMany({ where: { id: { in: listed.map((r) => r.playerId) } }, select: { id: true, name: true } })).map((p) => [p.id, p.name]),
  );
  const players: LeaderboardEntry[] = listed.flatMap((r) => {
    const name = names.get(r.playerId);
    return name ? [{ name, rating: Math.round(r.rating), rd: Math.round(r.rd), provisional: r.rd > PROVISIONAL_RD, games: r.games }] : [];
  });
  // The quick-pairing pools are always offered (an empty one says nobody is listed there yet), and
  // any other pool someone is rated in (a rated challenge's settings).
  const offered = new Set([...QUICK_POOLS.map(ratingPoolOf), ...pools.map((p) => p.pool)]);
  return { pool, pools: [...offered].sort(), players, rules };
}
