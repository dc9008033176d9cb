// The casual player's model of the game, shared by its fast search (casual.ts) and by the generic
// Game adapter (game.ts) that engine/lecture's expectimax runs on in the tests:
//
//  - its own moves (MAX): the best-ordered `width` candidates of engine/board/movegen's move ordering,
//    with the tactical rules every engine here obeys (a five is taken; a four is blocked;
//    against an open three only defences and own fours);
//  - the opponent (a CHANCE node): a human who, with probability p, plays uniformly among their
//    `chanceWidth` most reasonable candidates, and otherwise the best of them by a one-ply look
//    (the static evaluation after the move). The human takes a five and blocks a four too.
import type { Board } from "../board/board";
import * as P from "../board/patterns";
import * as M from "../board/movegen";

const { FIVE } = P;
const { GEN_ALL, GEN_DEFEND, findFives, generateMoves, hasOpenFour, playable } = M;

/** A forced win: WIN − plies (always beyond any evaluation, which Board.evaluate keeps within ±20000). */
export const WIN = 30_000;
export const WIN_BOUND = WIN - 1_000;

export interface CasualModel {
  /** Probability that the opponent plays a uniformly random reasonable move (default 0.3). */
  randomness: number;
  /** Own candidates per MAX node (default 12). */
  width: number;
  /** The opponent's reasonable candidates per CHANCE node (default 8). */
  chanceWidth: number;
}

export const DEFAULT_MODEL: CasualModel = { randomness: 0.3, width: 12, chanceWidth: 8 };

export class MoveSource {
  private readonly moves = new Int16Array(400);
  private readonly scores = new Int32Array(400);
  private readonly tmp = new Int16Array(4);
  private readonly noHistory: Int32Array;

  constructor(private readonly board: Board) {
    this.noHistory = new Int32Array(board.cells.length);
  }

  /**
   * The candidates for `side`, best-ordered first, at most `width`, into out[base..]; returns the
   * count. Tactics first: a five is the only move; a four of the opponent must be blocked.
   */
  candidates(side: number, width: number, out: Int16Array, base: number): number {
    const b = this.board;
    const opp = 3 - side;
    const tmp = this.tmp;
    if (b.cnt[side * 16 + FIVE] > 0) {
      findFives(b, side, tmp);
      out[base] = tmp[0];
      return 1;
    }
    if (b.cnt[opp * 16 + FIVE] > 0) {
      findFives(b, opp, tmp); // with two five points every block loses: one is enough to try
      // Renju: a block black may not play is no move (the lost side then plays on elsewhere).
      if (playable(b, tmp[0], side)) {
        out[base] = tmp[0];
        return 1;
      }
    }
    const mode = hasOpenFour(b, opp) ? GEN_DEFEND : GEN_ALL;
    const moves = this.moves;
    const scores = this.scores;
    const n = generateMoves(b, side, mode, moves, scores, 0, this.noHistory, 0, -1, -1, -1);
    const keep = n < width ? n : width;
    for (let i = 0; i < keep; i++) {
      let bi = i;
      for (let j = i + 1; j < n; j++) if (scores[j] > scores[bi] || (scores[j] === scores[bi] && moves[j] < moves[bi])) bi = j;
      const m = moves[bi];
      const s = scores[bi];
      moves[bi] = moves[i];
      scores[bi] = scores[i];
      moves[i] = m;
      scores[i] = s;
      out[base + i] = m;
    }
    return keep;
  }

  /**
   * The opponent's move distribution at a CHANCE node (`side` = the human): candidates into
   * out[base..], probabilities into probs[base..]; returns the count. The human's "best" move is
   * the candidate with the best static evaluation for them after it (a five beats everything).
   */
  chance(side: number, model: CasualModel, out: Int16Array, probs: Float64Array, base: number): number {
    const b = this.board;
    const n = this.candidates(side, model.chanceWidth, out, base);
    if (n === 1) {
      probs[base] = 1;
      return 1;
    }
    let best = 0;
    let bestV = -Infinity;
    for (let i = 0; i < n; i++) {
      const q = out[base + i];
      let v: number;
      if (b.isFive(q, side)) v = Infinity;
      else {
        b.make(q, side as 1 | 2);
        v = -b.evaluate(3 - side);
        b.undo();
      }
      if (v > bestV) {
        bestV = v;
        best = i;
      }
    }
    const p = model.randomness;
    for (let i = 0; i < n; i++) probs[base + i] = p / n + (i === best ? 1 - p : 0);
    return n;
  }
}

/** The static value of the board for `maxSide` (the casual player), `toMove` to play. */
export function leafValue(b: Board, maxSide: number, toMove: number): number {
  const e = b.evaluate(toMove);
  return toMove === maxSide ? e : -e;
}
