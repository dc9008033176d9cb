// The pattern-combination evaluation (issue #31 part 2, as Rapfi's classical evaluation does): an
// empty cell's value for a colour is read from a table indexed by the combination of its four line
// patterns (the multiset of the four pattern classes, 715 of them), one table for the side to move
// and one for the other side. The linear evaluation (./evaluate.ts: per-direction weights plus the
// 4-3 / 3-3 cell terms) is the special case T[m] = Σ_d w[class_d] + combo(m); the fitted tables
// (./pattern-weights.ts, `npm run tune -- pfit`) add a learned correction per combination.
// The board keeps each cell's combination id and the per-colour sums move by move
// (board.ts, on boards up to PATTERN_EVAL_MAX_SIZE); evaluate() reads two sums when told to (Board.readPatterns).
import * as V from "../board/cell-values";
import { EVAL_WEIGHTS } from "./weights";
import { PATTERN_DELTA } from "./pattern-weights";

const { COMBO_33, COMBO_43, COMBO_OF, THREAT_CODE } = V;

/**
 * The pattern evaluation is kept and read on boards up to this size (by the full-strength search:
 * think's Features.patternEval). At 1 s in nodes against the linear evaluation, both with the
 * forward pruning: 11×11 SPRT H1, 15×15 lost (docs/engine-log.md "Round three: the pattern
 * evaluation at 1 s"); larger boards also skip the sums' upkeep (8–14 % of nodes per second).
 */
export const PATTERN_EVAL_MAX_SIZE = 11;

/** Number of pattern classes per direction (engine/board/patterns.ts: NONE … FIVE). */
const NC = 10;
/** Multisets of 4 classes out of 10: C(13, 4). */
export const N_COMBOS = 715;
/** (c0 · 1000 + c1 · 100 + c2 · 10 + c3) → combination id (sorted classes), for any order. */
export const COMBO_ID = new Int16Array(NC * NC * NC * NC);
/** Per combination id: its four classes, ascending (id * 4 + k). */
export const COMBO_CLASSES = new Uint8Array(N_COMBOS * 4);
{
  let id = 0;
  for (let a = 0; a < NC; a++)
    for (let b = a; b < NC; b++)
      for (let c = b; c < NC; c++)
        for (let d = c; d < NC; d++) {
          COMBO_CLASSES[id * 4] = a;
          COMBO_CLASSES[id * 4 + 1] = b;
          COMBO_CLASSES[id * 4 + 2] = c;
          COMBO_CLASSES[id * 4 + 3] = d;
          id++;
        }
  const sorted = [0, 0, 0, 0];
  for (let i = 0; i < NC * NC * NC * NC; i++) {
    sorted[0] = Math.floor(i / 1000);
    sorted[1] = Math.floor(i / 100) % 10;
    sorted[2] = Math.floor(i / 10) % 10;
    sorted[3] = i % 10;
    sorted.sort((x, y) => x - y);
    // id of the sorted tuple: search COMBO_CLASSES (built once, at load).
    for (let j = 0; j < N_COMBOS; j++)
      if (
        COMBO_CLASSES[j * 4] === sorted[0] &&
        COMBO_CLASSES[j * 4 + 1] === sorted[1] &&
        COMBO_CLASSES[j * 4 + 2] === sorted[2] &&
        COMBO_CLASSES[j * 4 + 3] === sorted[3]
      ) {
        COMBO_ID[i] = j;
        break;
      }
  }
}

/** The linear evaluation's value of a combination, from its side's weights. */
export function linearValue(id: number, w: readonly number[], w43: number, w33: number): number {
  let v = 0;
  let t = 0;
  for (let k = 0; k < 4; k++) {
    const c = COMBO_CLASSES[id * 4 + k];
    v += w[c];
    t += THREAT_CODE[c];
  }
  const combo = COMBO_OF[t];
  return v + (combo === COMBO_43 ? w43 : combo === COMBO_33 ? w33 : 0);
}

/** Per combination id: the linear values plus the fitted corrections. */
export const COMBO_OWN = new Int32Array(N_COMBOS);
export const COMBO_OPP = new Int32Array(N_COMBOS);
for (let id = 0; id < N_COMBOS; id++) {
  COMBO_OWN[id] = linearValue(id, EVAL_WEIGHTS.own, EVAL_WEIGHTS.own43, EVAL_WEIGHTS.own33) + (PATTERN_DELTA.own[id] ?? 0);
  COMBO_OPP[id] = linearValue(id, EVAL_WEIGHTS.opp, EVAL_WEIGHTS.opp43, EVAL_WEIGHTS.opp33) + (PATTERN_DELTA.opp[id] ?? 0);
}
/**
 * The tables the board sums, indexed by a cell's ordered code (Σ_d class_d · CODE_STEP[d], which
 * the board moves by (new − old) · CODE_STEP[d] when one direction's pattern changes): the value of
 * its combination.
 */
export const CODE_STEP = new Int32Array([1000, 100, 10, 1]);
export const TABLE_OWN = new Int32Array(NC * NC * NC * NC);
export const TABLE_OPP = new Int32Array(NC * NC * NC * NC);
for (let i = 0; i < TABLE_OWN.length; i++) {
  TABLE_OWN[i] = COMBO_OWN[COMBO_ID[i]];
  TABLE_OPP[i] = COMBO_OPP[COMBO_ID[i]];
}
