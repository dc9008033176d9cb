// Arena points, pure (lila's arena scoring; docs/TOURNAMENTS.md): a win 2, a draw 1, a loss 0; after
// two wins in a row the player is "on fire" and every result counts double until a game that is not a
// win; a berserk win with at least BERSERK_MIN_MOVES of one's own moves earns one more point.
export type Outcome = "win" | "draw" | "loss" | "none";

export const BERSERK_MIN_MOVES = 7;

export interface ArenaGame {
  outcome: Outcome;
  berserk: boolean;
  /** The player's own moves in the game. */
  ownMoves: number;
}

export interface Streak {
  /** Wins in a row before this game. */
  winsInRow: number;
}

/** On fire: two wins in a row or more. */
export const onFire = (s: Streak): boolean => s.winsInRow >= 2;

/** The points of one game and the streak after it. A game without a result ("none": aborted, or after the end) changes nothing. */
export function arenaPoints(before: Streak, g: ArenaGame): { points: number; after: Streak } {
  if (g.outcome === "none") return { points: 0, after: before };
  const factor = onFire(before) ? 2 : 1;
  const base = g.outcome === "win" ? 2 : g.outcome === "draw" ? 1 : 0;
  const bonus = g.outcome === "win" && g.berserk && g.ownMoves >= BERSERK_MIN_MOVES ? 1 : 0;
  return { points: base * factor + bonus, after: { winsInRow: g.outcome === "win" ? before.winsInRow + 1 : 0 } };
}

/** A player's games in order: each game's points, the total and whether they end on fire. */
export function arenaTotal(games: readonly ArenaGame[]): { points: number[]; total: number; fire: boolean } {
  let s: Streak = { winsInRow: 0 };
  const points: number[] = [];
  for (const g of games) {
    const r = arenaPoints(s, g);
    points.push(r.points);
    s = r.after;
  }
  return { points, total: points.reduce((a, b) => a + b, 0), fire: onFire(s) };
}

/**
 * Performance (the arena's tie-break, as lila's): the mean rating of the opponents met plus 500 ×
 * (2 × share of points − 1); no games: 0.
 */
export function performance(results: ReadonlyArray<{ opponentRating: number; outcome: Outcome }>): number {
  const played = results.filter((r) => r.outcome !== "none");
  if (!played.length) return 0;
  const mean = played.reduce((a, r) => a + r.opponentRating, 0) / played.length;
  const share = played.reduce((a, r) => a + (r.outcome === "win" ? 1 : r.outcome === "draw" ? 0.5 : 0), 0) / played.length;
  return Math.round(mean + 500 * (2 * share - 1));
}
