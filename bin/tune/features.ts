// Positions for the tuner: each game replayed on the engine's Board; every position after the random
// opening where neither side has a five point (no four on the board: the search answers those
// exactly and never evaluates them) becomes a sample, labelled by the game's result for the side to
// move (1 win, ½ draw, 0 loss). Features, from the side to move's view (`own`) and the other side's
// (`opp`): the engine's counts of (empty cell, direction) pairs per pattern class (Board.cnt,
// classes 1..8), and two per-cell combinations counted over the empty cells — a four plus another
// three-or-four direction (4-3, 4-4: a double threat made in one move) and two or more open threes
// without a four (3-3).
import { Board } from "../../engine/board/board";
import { BLOCK4, FIVE, FLEX3, FLEX4 } from "../../engine/board/patterns";
import type { Color } from "../../engine/types";
import type { GameRecord } from "./selfplay";

/** own cnt[1..8], opp cnt[1..8], own 4-3, own 3-3, opp 4-3, opp 3-3. */
export const N_FEATURES = 20;
export const F_OWN43 = 16;
export const F_OWN33 = 17;
export const F_OPP43 = 18;
export const F_OPP33 = 19;

export interface Samples {
  /** n × N_FEATURES, row-major. */
  x: Float64Array;
  /** Label for the side to move: 1, 0.5, 0. */
  y: Float64Array;
  /** The game each sample came from (its index in the seed's sequence). */
  game: Int32Array;
  n: number;
}

/** Combination counts per colour over the empty cells: [43 black, 33 black, 43 white, 33 white]. */
export function combos(b: Board, out: Int32Array): void {
  out.fill(0);
  const pat = b.pat;
  const cells = b.cells;
  for (let i = 0; i < b.boardCells.length; i++) {
    const q = b.boardCells[i];
    if (cells[q] !== 0) continue;
    for (let c = 0; c < 2; c++) {
      let threes = 0;
      let fours = 0;
      for (let d = 0; d < 4; d++) {
        const p = c === 0 ? pat[q * 4 + d] & 15 : pat[q * 4 + d] >> 4;
        if (p === FLEX3) threes++;
        else if (p === BLOCK4 || p === FLEX4) fours++;
      }
      if (fours >= 1 && fours + threes >= 2) out[c * 2]++;
      else if (fours === 0 && threes >= 2) out[c * 2 + 1]++;
    }
  }
}

export function extract(games: readonly GameRecord[]): Samples {
  const rows: number[] = [];
  const ys: number[] = [];
  const gs: number[] = [];
  const comb = new Int32Array(4);
  for (const g of games) {
    const b = new Board(g.size, g.rule);
    for (let k = 0; k < g.moves.length; k++) {
      const m = g.moves[k];
      b.make(b.index(m % g.size, Math.floor(m / g.size)), (k % 2 === 0 ? 1 : 2) as Color);
      const ply = k + 1;
      if (ply < g.opening) continue;
      const side = ply % 2 === 0 ? 1 : 2;
      const opp = 3 - side;
      if (b.cnt[side * 16 + FIVE] > 0 || b.cnt[opp * 16 + FIVE] > 0) continue;
      combos(b, comb);
      for (let p = 1; p <= 8; p++) rows.push(b.cnt[side * 16 + p]);
      for (let p = 1; p <= 8; p++) rows.push(b.cnt[opp * 16 + p]);
      rows.push(comb[(side - 1) * 2], comb[(side - 1) * 2 + 1], comb[(opp - 1) * 2], comb[(opp - 1) * 2 + 1]);
      ys.push(g.winner === 0 ? 0.5 : g.winner === side ? 1 : 0);
      gs.push(g.i);
    }
  }
  return { x: Float64Array.from(rows), y: Float64Array.from(ys), game: Int32Array.from(gs), n: ys.length };
}
