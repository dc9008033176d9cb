// Reading ratings: a player's rating in a pool, or Glicko-2's start when they have none yet.
import type { Db } from "../db/client";
import { DEFAULT_RATING, PROVISIONAL_RD } from "../../shared/pools";

export interface PoolRating {
  rating: number;
  rd: number;
  vol: number;
  games: number;
  provisional: boolean;
}

const fresh = (): PoolRating => ({ ...DEFAULT_RATING, games: 0, provisional: true });

/** The ratings of `playerIds` in `pool` (one query); a player without one gets the start. */
export async function ratingsIn(db: Db, pool: string, playerIds: string[]): Promise<Map<string, PoolRating>> {
  const rows = await db.rating.findMany({ where: { pool, playerId: { in: playerIds } } });
  const out = new Map<string, PoolRating>(playerIds.map((id) => [id, fresh()]));
  for (const r of rows) out.set(r.playerId, { rating: r.rating, rd: r.rd, vol: r.vol, games: r.games, provisional: r.rd > PROVISIONAL_RD });
  return out;
}

/** Two players' ratings as a game's seats show them (black 1, white 2): rounded, and whether provisional. */
export function seatRatings(r: Map<string, PoolRating>, black: string, white: string) {
  const b = r.get(black)!;
  const w = r.get(white)!;
  return { ratings: { 1: Math.round(b.rating), 2: Math.round(w.rating) }, provisional: { 1: b.provisional, 2: w.provisional } };
}
