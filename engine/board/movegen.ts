// Candidate moves: empty cells within distance 2 of a stone, each scored by threat value for
// both sides (own five > block five > own open four > block open four > own four-three …), then
// by the cell's pattern potential (quiet moves: order-weights.ts) and the history heuristic. Writes into caller-owned typed
// arrays: no allocation per node.
import type { Board } from "./board";
import * as P from "./patterns";
import * as R from "./renju-board";
import { ORDER_WEIGHTS } from "../eval/order-weights";

// Imported values are re-bound to local consts: transpilers that compile ESM to CommonJS (tsx,
// vitest) turn every use of an imported binding into a getter call, which costs ~4× in the hot loop.
const { BLOCK4, FIVE, FLEX3, FLEX4 } = P;
const { forbiddenOnBoard } = R;

// Threat levels of one cell for one colour (combining its four directions).
export const L_NONE = 0;
export const L_THREE = 2; // makes an open three
export const L_FOUR = 3; // makes a four
export const L_DOUBLE_THREE = 4;
export const L_FOUR_THREE = 5;
export const L_OPEN_FOUR = 6; // open four or double four: wins unless the opponent has a five point
export const L_FIVE = 7;

/** Order scores per threat level made (ATTACK) and blocked (DEFEND): forcing moves are ordered by these. */
export const ATTACK = new Int32Array([0, 0, 60_000, 120_000, 300_000, 1_000_000, 5_000_000, 100_000_000]);
export const DEFEND = new Int32Array([0, 0, 40_000, 80_000, 200_000, 800_000, 3_000_000, 50_000_000]);
/**
 * Order scores below this are "quiet" for late-move reductions: threes made or blocked count as
 * quiet (reducing them halves the tree at depth 10); fours and stronger are never reduced.
 */
export const QUIET_LIMIT = 100_000;
export const KILLER_BONUS = 20_000;
export const HASH_BONUS = 1_000_000_000;
const HIST_SHIFT = 0;
const HIST_CAP = 10_000;

// Quiet moves (no four made, no double threat made or blocked) are ordered by the values in
// order-weights.ts (hand-set; `npm run tune -- order-fit` fits them): the threat level made and
// blocked, plus per direction the pattern class the move makes for itself and the one it takes from
// the opponent.
const Q_OWN = Int32Array.from(ORDER_WEIGHTS.own);
const Q_OPP = Int32Array.from(ORDER_WEIGHTS.opp);
const Q_LEVEL_OWN = Int32Array.from(ORDER_WEIGHTS.levelOwn);
const Q_LEVEL_OPP = Int32Array.from(ORDER_WEIGHTS.levelOpp);

/** Is a move that makes threat level `my` and blocks `their` quiet (searched late, reduced)? */
export function isQuietLevel(my: number, their: number): boolean {
  return ATTACK[my] + DEFEND[their] < QUIET_LIMIT;
}

/** Order score of a quiet move at q for `side` (levels `my` made, `their` blocked), from ORDER_WEIGHTS. */
export function quietOrderScore(board: Board, q: number, side: number, my: number, their: number): number {
  const pat = board.pat;
  const b = q * 4;
  let s = Q_LEVEL_OWN[my] + Q_LEVEL_OPP[their];
  for (let d = 0; d < 4; d++) {
    const p = pat[b + d];
    s += side === 1 ? Q_OWN[p & 15] + Q_OPP[p >> 4] : Q_OWN[p >> 4] + Q_OPP[p & 15];
  }
  return s;
}

export function threatLevel(board: Board, q: number, color: number): number {
  const sh = color === 1 ? 0 : 4;
  const pat = board.pat;
  const b = q * 4;
  let n4 = 0;
  let n3 = 0;
  for (let d = 0; d < 4; d++) {
    const p = (pat[b + d] >> sh) & 15;
    if (p === FIVE) return L_FIVE;
    if (p === FLEX4) n4 += 2;
    else if (p === BLOCK4) n4++;
    else if (p === FLEX3) n3++;
  }
  // Renju: a forbidden point is no threat of black's (asked only when it could matter).
  if (color === 1 && (n4 > 0 || n3 > 0) && board.renju && forbiddenOnBoard(board, q) !== 0) return L_NONE;
  if (n4 >= 2) return L_OPEN_FOUR;
  if (n4 === 1) return n3 > 0 ? L_FOUR_THREE : L_FOUR;
  if (n3 >= 2) return L_DOUBLE_THREE;
  return n3 === 1 ? L_THREE : L_NONE;
}

/**
 * Can `color` make an open four (a point with two five points) by a move it may play? Under
 * renju black's open-four points may all be forbidden: those are looked at one by one.
 */
export function hasOpenFour(board: Board, color: number): boolean {
  if (board.cnt[color * 16 + FLEX4] === 0) return false;
  if (color === 2 || !board.renju) return true;
  const cells = board.cells;
  const pat = board.pat;
  const bc = board.boardCells;
  for (let i = 0; i < bc.length; i++) {
    const q = bc[i];
    if (cells[q] !== 0) continue;
    const b = q * 4;
    const isFlex4 = (pat[b] & 15) === FLEX4 || (pat[b + 1] & 15) === FLEX4 || (pat[b + 2] & 15) === FLEX4 || (pat[b + 3] & 15) === FLEX4;
    if (isFlex4 && forbiddenOnBoard(board, q) === 0) return true;
  }
  return false;
}

/** Is q a point `color` may play (renju: black's forbidden points are not)? */
export function playable(board: Board, q: number, color: number): boolean {
  return color !== 1 || !board.renju || forbiddenOnBoard(board, q) === 0;
}

/** Does `color` make at least a four at q (in some direction)? */
export function makesFour(board: Board, q: number, color: number): boolean {
  const sh = color === 1 ? 0 : 4;
  const pat = board.pat;
  const b = q * 4;
  const four =
    ((pat[b] >> sh) & 15) >= BLOCK4 || ((pat[b + 1] >> sh) & 15) >= BLOCK4 || ((pat[b + 2] >> sh) & 15) >= BLOCK4 || ((pat[b + 3] >> sh) & 15) >= BLOCK4;
  return four && (color !== 1 || !board.renju || forbiddenOnBoard(board, q) === 0);
}

/** Writes up to 2 distinct cells where `color` makes five into out[0..]; returns how many (capped at 2). */
export function findFives(board: Board, color: number, out: Int16Array): number {
  const cells = board.cells;
  const near = board.near;
  const bc = board.boardCells;
  let n = 0;
  for (let i = 0; i < bc.length; i++) {
    const q = bc[i];
    if (cells[q] !== 0 || near[q] === 0) continue;
    if (board.isFive(q, color)) {
      out[n++] = q;
      if (n === 2) return n;
    }
  }
  return n;
}

export const GEN_ALL = 0;
/** The opponent threatens an open four: only defences (its four points) and own fours. */
export const GEN_DEFEND = 1;

/**
 * Fills moves[base..] / scores[base..] and returns the count. `history` is indexed
 * side * ZOBRIST_CELLS-style by the caller's layout (historyBase + cell); killers get a bonus,
 * the hash move goes first.
 */
export function generateMoves(
  board: Board,
  side: number,
  mode: number,
  moves: Int16Array,
  scores: Int32Array,
  base: number,
  history: Int32Array,
  historyBase: number,
  killer1: number,
  killer2: number,
  hashMove: number,
): number {
  const cells = board.cells;
  const near = board.near;
  const bc = board.boardCells;
  const cs = board.cellScore;
  const opp = 3 - side;
  const renju = board.renju;
  let n = 0;
  if (board.count === 0) {
    // Empty board: the centre.
    const c = board.size >> 1;
    moves[base] = board.index(c, c);
    scores[base] = 0;
    return 1;
  }
  for (let i = 0; i < bc.length; i++) {
    const q = bc[i];
    if (cells[q] !== 0 || near[q] === 0) continue;
    // Renju: black never plays its forbidden points, and white need not guard them.
    const forbidden = renju && forbiddenOnBoard(board, q) !== 0;
    if (forbidden && side === 1) continue;
    if (mode === GEN_DEFEND && !makesFour(board, q, side) && !makesFour(board, q, opp)) continue;
    const my = threatLevel(board, q, side);
    const their = forbidden ? L_NONE : threatLevel(board, q, opp);
    const lex = ATTACK[my] + DEFEND[their];
    let s = lex < QUIET_LIMIT ? quietOrderScore(board, q, side, my, their) : lex + cs[q * 2 + side - 1] + cs[q * 2 + opp - 1];
    if (q === hashMove) s += HASH_BONUS;
    else if (q === killer1 || q === killer2) s += KILLER_BONUS;
    const h = history[historyBase + q] >> HIST_SHIFT;
    s += h > HIST_CAP ? HIST_CAP : h;
    moves[base + n] = q;
    scores[base + n] = s;
    n++;
  }
  return n;
}
