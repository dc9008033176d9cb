// The per-cell values the board keeps up to date with its patterns: each pattern's value for move
// ordering (cellScore) and its threat code, whose sum over a cell's four lines names the cell's
// combination (4-3, 3-3) that the evaluation counts.

/**
 * Value of one (empty cell, direction) pattern for the side that could play there: the per-cell
 * scores move ordering and the threat solvers sort by (`cellScore`). Hand-set; the evaluation has
 * its own fitted weights (EVAL_OWN, EVAL_OPP).
 */
export const PATTERN_VALUE = new Int32Array([0, 1, 3, 6, 14, 18, 45, 60, 160, 400]);

/** Per-cell threat code per pattern: an open three counts 1, a four (BLOCK4, FLEX4) 8. */
export const THREAT_CODE = new Int32Array([0, 0, 0, 0, 0, 0, 1, 8, 8, 0]);
/** A cell's combination: none, a four plus another three-or-four (4-3, 4-4), two open threes (3-3). */
export const COMBO_NONE = 0;
export const COMBO_43 = 1;
export const COMBO_33 = 2;
/** Threat code (Σ THREAT_CODE over the 4 directions, < 40) → combination. */
export const COMBO_OF = new Uint8Array(40);
for (let t = 0; t < 40; t++) {
  const fours = t >> 3;
  const threes = t & 7;
  COMBO_OF[t] = fours >= 1 && fours + threes >= 2 ? COMBO_43 : fours === 0 && threes >= 2 ? COMBO_33 : COMBO_NONE;
}
