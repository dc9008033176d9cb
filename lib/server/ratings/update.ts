// A rated game's result, applied to both players' ratings in its pool: inside the transaction
// that ends the game (lib/server/games/store), after its guarded "still playing → finished"
// update, so a game rates exactly once whichever node or action ended it. Glicko-2: ./glicko.
import type { Prisma } from "../../../generated/prisma/client";
import type { GameResult } from "../../shared/protocol";
import { DEFAULT_RATING, PROVISIONAL_RD } from "../../shared/pools";
import { rateGame, type Glicko } from "./glicko";

type Tx = Prisma.TransactionClient;

/** The players of a rated game (black is 1, white 2) and its pool. */
export interface RatedPlayers {
  pool: string;
  1: string;
  2: string;
}

/** What the game did to the ratings: before (rounded, as shown), the change, and who was provisional before it. */
export interface RatingChange {
  before: { 1: number; 2: number };
  diff: { 1: number; 2: number };
  provisional: { 1: boolean; 2: boolean };
}

const scoreOf = (result: GameResult): 0 | 0.5 | 1 => (result === "black" ? 1 : result === "white" ? 0 : 0.5);

/** Rates game `gameId` (already marked finished in `tx`) with `result`; writes Rating, RatingPoint and the game's rating columns. */
export async function applyRatedResult(tx: Tx, gameId: string, players: RatedPlayers, result: GameResult, at: Date): Promise<RatingChange> {
  const { pool } = players;
  const rows = await tx.rating.findMany({ where: { pool, playerId: { in: [players[1], players[2]] } } });
  const current = (id: string): Glicko => {
    const r = rows.find((x) => x.playerId === id);
    return r ? { rating: r.rating, rd: r.rd, vol: r.vol } : { ...DEFAULT_RATING };
  };
  const before = { 1: current(players[1]), 2: current(players[2]) };
  const after = rateGame(before[1], before[2], scoreOf(result));
  const next = { 1: after.a, 2: after.b };
  const change: RatingChange = {
    before: { 1: Math.round(before[1].rating), 2: Math.round(before[2].rating) },
    diff: { 1: Math.round(next[1].rating) - Math.round(before[1].rating), 2: Math.round(next[2].rating) - Math.round(before[2].rating) },
    provisional: { 1: before[1].rd > PROVISIONAL_RD, 2: before[2].rd > PROVISIONAL_RD },
  };
  for (const c of [1, 2] as const) {
    const playerId = players[c];
    const won = result === (c === 1 ? "black" : "white");
    const counts = { games: 1, wins: won ? 1 : 0, draws: result === "draw" ? 1 : 0, losses: !won && result !== "draw" ? 1 : 0 };
    await tx.rating.upsert({
      where: { playerId_pool: { playerId, pool } },
      create: { playerId, pool, ...next[c], ...counts },
      update: {
        ...next[c],
        games: { increment: 1 },
        wins: { increment: counts.wins },
        draws: { increment: counts.draws },
        losses: { increment: counts.losses },
      },
    });
  }
  await tx.ratingPoint.createMany({
    data: ([1, 2] as const).map((c) => ({ playerId: players[c], pool, gameId, rating: next[c].rating, rd: next[c].rd, at })),
  });
  await tx.game.update({
    where: { id: gameId },
    data: { blackRating: change.before[1], whiteRating: change.before[2], blackRatingDiff: change.diff[1], whiteRatingDiff: change.diff[2] },
  });
  return change;
}
