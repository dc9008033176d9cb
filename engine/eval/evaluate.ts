// The static evaluation: the fitted weights (./weights.ts, `npm run tune -- fit`) times the
// board's pattern counts and combinations, which the board keeps up to date move by move; renju
// subtracts black's potential on its forbidden points. Allocation-free: read once per leaf.
import type { BoardArrays } from "../board/board-arrays";
import * as V from "../board/cell-values";
import * as P from "../board/patterns";
import * as R from "../board/renju-board";
import { EVAL_WEIGHTS } from "./weights";
import * as PE from "./pattern-eval";

// Imported values are re-bound to local consts (getter calls under tsx/vitest, see board.ts).
const { BLOCK4, FLEX3, FLEX4 } = P;
const { COMBO_33, COMBO_43, COMBO_OF, PATTERN_VALUE } = V;
const { forbiddenOnBoard } = R;
const { TABLE_OWN, TABLE_OPP } = PE;

/**
 * The evaluation's weights per pattern class (engine/eval/weights.ts, fitted by `npm run tune`):
 * for the side to move and for the other side, per (empty cell, direction); and per empty cell
 * with a combination (COMBO_*) of that side's directions.
 */
export const EVAL_OWN = Int32Array.from(EVAL_WEIGHTS.own);
export const EVAL_OPP = Int32Array.from(EVAL_WEIGHTS.opp);
const EVAL_OWN43 = EVAL_WEIGHTS.own43;
const EVAL_OWN33 = EVAL_WEIGHTS.own33;
const EVAL_OPP43 = EVAL_WEIGHTS.opp43;
const EVAL_OPP33 = EVAL_WEIGHTS.opp33;

/**
 * Static evaluation from `side`'s view: the fitted weights (EVAL_OWN for the side to move,
 * EVAL_OPP for the other) times the pattern counts of the empty cells, plus the combinations.
 */
export function evaluate(b: BoardArrays, side: number): number {
  if (b.patternEval) return evaluatePatterns(b, side);
  const cnt = b.cnt;
  const combo = b.combo;
  const own = EVAL_OWN;
  const opp = EVAL_OPP;
  const o = 3 - side;
  const sb = side * 16;
  const ob = o * 16;
  let v =
    own[1] * cnt[sb + 1] +
    own[2] * cnt[sb + 2] +
    own[3] * cnt[sb + 3] +
    own[4] * cnt[sb + 4] +
    own[5] * cnt[sb + 5] +
    own[6] * cnt[sb + 6] +
    own[7] * cnt[sb + 7] +
    own[8] * cnt[sb + 8] +
    EVAL_OWN43 * combo[side * 4 + COMBO_43] +
    EVAL_OWN33 * combo[side * 4 + COMBO_33] -
    opp[1] * cnt[ob + 1] -
    opp[2] * cnt[ob + 2] -
    opp[3] * cnt[ob + 3] -
    opp[4] * cnt[ob + 4] -
    opp[5] * cnt[ob + 5] -
    opp[6] * cnt[ob + 6] -
    opp[7] * cnt[ob + 7] -
    opp[8] * cnt[ob + 8] -
    EVAL_OPP43 * combo[o * 4 + COMBO_43] -
    EVAL_OPP33 * combo[o * 4 + COMBO_33];
  // Renju: black's potential on its forbidden points is dead.
  if (b.renju) v += side === 1 ? -forbiddenPotential(b, own, EVAL_OWN43, EVAL_OWN33) : forbiddenPotential(b, opp, EVAL_OPP43, EVAL_OPP33);
  // `| 0`: a negative weight times a zero count is −0 in JavaScript; scores are plain integers.
  return (v > 20000 ? 20000 : v < -20000 ? -20000 : v) | 0;
}

/**
 * The pattern-combination evaluation (./pattern-eval.ts): the board's sums of TABLE_OWN over the
 * side to move's empty-cell combinations minus TABLE_OPP over the other side's.
 */
function evaluatePatterns(b: BoardArrays, side: number): number {
  const ps = b.psum;
  let v = ps[side] - ps[5 - side];
  if (b.renju) v += side === 1 ? -forbiddenTable(b, TABLE_OWN) : forbiddenTable(b, TABLE_OPP);
  return (v > 20000 ? 20000 : v < -20000 ? -20000 : v) | 0;
}

/** forbiddenPotential with a combination table: black's table values on its forbidden points. */
function forbiddenTable(b: BoardArrays, t: Int32Array): number {
  const cnt = b.cnt;
  if (cnt[16 + FLEX3] + cnt[16 + BLOCK4] + 2 * cnt[16 + FLEX4] < 2) return 0;
  const cells = b.cells;
  const near = b.near;
  const cs = b.cellScore;
  const bc = b.boardCells;
  const pcode = b.pcode;
  let dead = 0;
  for (let i = 0; i < bc.length; i++) {
    const q = bc[i];
    if (cells[q] !== 0 || near[q] === 0 || cs[q * 2] < 2 * PATTERN_VALUE[FLEX3]) continue;
    if (forbiddenOnBoard(b, q) === 0) continue;
    dead += t[pcode[q * 2]];
  }
  return dead;
}

/**
 * Renju: black's evaluation value sitting on its forbidden points (black can never play them, so
 * the threes and fours they would make are dead), with the weights `w` (per pattern) and the
 * combination weights. Only looked for when black has at least two three-or-four (cell,
 * direction) pairs somewhere, the least a double three or four needs.
 */
function forbiddenPotential(b: BoardArrays, w: Int32Array, w43: number, w33: number): number {
  const cnt = b.cnt;
  if (cnt[16 + FLEX3] + cnt[16 + BLOCK4] + 2 * cnt[16 + FLEX4] < 2) return 0;
  const cells = b.cells;
  const near = b.near;
  const cs = b.cellScore;
  const bc = b.boardCells;
  const pat = b.pat;
  const threat = b.threat;
  let dead = 0;
  for (let i = 0; i < bc.length; i++) {
    const q = bc[i];
    if (cells[q] !== 0 || near[q] === 0 || cs[q * 2] < 2 * PATTERN_VALUE[FLEX3]) continue;
    if (forbiddenOnBoard(b, q) === 0) continue;
    const at = q * 4;
    dead += w[pat[at] & 15] + w[pat[at + 1] & 15] + w[pat[at + 2] & 15] + w[pat[at + 3] & 15];
    const c = COMBO_OF[threat[q * 2]];
    if (c === COMBO_43) dead += w43;
    else if (c === COMBO_33) dead += w33;
  }
  return dead;
}
