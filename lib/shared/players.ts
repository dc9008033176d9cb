// Player pages and leaderboards: the HTTP API of lib/server/ratings/http (GET only) and its
// answers. Browser-safe: no Node APIs here.
import type { GameEndReason, GameResult } from "./protocol";

export const PLAYERS_API = {
  /** GET /api/players/<name>: a player's profile. */
  player: (name: string) => `/api/players/${encodeURIComponent(name)}`,
  /** GET /api/leaderboard?pool=<pool>: the top of a rating pool. */
  leaderboard: (pool: string) => `/api/leaderboard?pool=${encodeURIComponent(pool)}`,
} as const;

/** A player's rating in one pool. */
export interface PoolStanding {
  pool: string;
  rating: number;
  rd: number;
  provisional: boolean;
  games: number;
  wins: number;
  draws: number;
  losses: number;
}

/** One point of a rating history (after a rated game). */
export interface RatingHistoryPoint {
  at: string;
  rating: number;
  gameId: string;
}

/** A game on a player's page, from their side. */
export interface ProfileGame {
  id: string;
  /** Their colour in it. */
  color: 1 | 2;
  opponent: string | null;
  result: GameResult | null;
  reason: GameEndReason | null;
  rated: boolean;
  /** Their rating change (rated games). */
  diff: number | null;
  size: number;
  rule: string;
  finishedAt: string | null;
}

export interface PlayerProfile {
  name: string;
  account: boolean;
  createdAt: string;
  ratings: PoolStanding[];
  /** By pool, oldest first (the last MAX_HISTORY points). */
  history: Record<string, RatingHistoryPoint[]>;
  /** Every finished game between people, rated or not. */
  record: { wins: number; draws: number; losses: number };
  recent: ProfileGame[];
  /** The highest AI level (engine/levels, 1–10) they have beaten, or null ("beat level 6"). */
  bestLevelBeaten: number | null;
}

export interface LeaderboardEntry {
  name: string;
  rating: number;
  rd: number;
  provisional: boolean;
  games: number;
}

export interface Leaderboard {
  pool: string;
  /** The pools anyone is rated in (the page's tabs). */
  pools: string[];
  /** Highest first: established ratings only, of players who meet `rules` (lib/server/ratings/eligibility). */
  players: LeaderboardEntry[];
  /** Who is listed: rated games against at least `minOpponents` distinct opponents, the last within `activeDays` days. */
  rules: { minOpponents: number; activeDays: number };
}
