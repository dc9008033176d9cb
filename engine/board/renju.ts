// Renju's forbidden points for black (RIF rules): black may not make an overline (six or more),
// a double four or a double three, unless the same stone makes exactly five (a five always wins).
// A three counts only if it can become a STRAIGHT four (.XXXX., both ends exactly five) by a stone
// that is itself not forbidden: the recursive case. A four is any line through the stone with a
// point that makes exactly five; "X.XXX.X" filled in the middle is two fours on one line.
//
// Everything works on a padded cell array (0 empty, 1 black, 2 white, 3 wall, ≥ 5 wall cells
// around the board) and scans only the four lines through the point: no allocation, no board scan.
// Stones are placed by writing the cell and removed before returning (the array is unchanged after).
// No imports: the pages use this file (through engine/rules.ts) without the search's tables.

export const NOT_FORBIDDEN = 0;
export const DOUBLE_THREE = 1;
export const DOUBLE_FOUR = 2;
export const OVERLINE = 3;
export type ForbiddenKind = typeof NOT_FORBIDDEN | typeof DOUBLE_THREE | typeof DOUBLE_FOUR | typeof OVERLINE;

/** Deeper than this the three's four-point is taken as allowed (real positions never get near it). */
const MAX_DEPTH = 6;

/** Length of the black run through q along offset o (q itself counted as black). */
export function runLength(cells: Uint8Array, q: number, o: number): number {
  let n = 1;
  for (let r = q + o; cells[r] === 1; r += o) n++;
  for (let r = q - o; cells[r] === 1; r -= o) n++;
  return n;
}

/**
 * How many fours black's stone at q (already placed) has along o: 0, 1 or 2. A four is a point
 * within 4 of q that makes exactly five together with q; a straight four (two such points five
 * apart around four stones) is one four, any other pair is two (a double four on one line).
 */
function foursAlong(cells: Uint8Array, q: number, o: number): number {
  let n = 0;
  let first = 0;
  for (let k = -4; k <= 4; k++) {
    if (k === 0) continue;
    const r = q + k * o;
    if (cells[r] !== 0) continue;
    // r's run must reach q (every cell between them black) and be exactly five long.
    let left = 0;
    for (let s = r - o; cells[s] === 1; s -= o) left++;
    let right = 0;
    for (let s = r + o; cells[s] === 1; s += o) right++;
    if (left + right + 1 !== 5) continue;
    if ((k > 0 && k > left) || (k < 0 && -k > right)) continue;
    if (n === 0) first = k;
    else if (n === 1 && k - first === 5) return 1; // .XXXX.: one (straight) four
    n++;
  }
  return n > 2 ? 2 : n;
}

/** With q and the probe stone placed: is q's run along o a straight four (4 long, both ends five points)? */
function straightFourAlong(cells: Uint8Array, q: number, o: number): boolean {
  let lo = q;
  while (cells[lo - o] === 1) lo -= o;
  let hi = q;
  while (cells[hi + o] === 1) hi += o;
  if ((hi - lo) / o !== 3) return false;
  // Both ends empty, and the cell past each end not black (else that end makes six, not five).
  return cells[lo - o] === 0 && cells[hi + o] === 0 && cells[lo - 2 * o] !== 1 && cells[hi + 2 * o] !== 1;
}

/** Black's stone at q placed: is there a true three along o (a straight four by an allowed move)? */
function threeAlong(cells: Uint8Array, dirs: Int32Array, q: number, o: number, depth: number): boolean {
  for (let k = -3; k <= 3; k++) {
    if (k === 0) continue;
    const r = q + k * o;
    if (cells[r] !== 0) continue;
    cells[r] = 1;
    const straight = straightFourAlong(cells, q, o);
    cells[r] = 0;
    if (straight && (depth >= MAX_DEPTH || forbiddenAt(cells, dirs, r, depth + 1) === NOT_FORBIDDEN)) return true;
  }
  return false;
}

/**
 * Is the empty cell q forbidden for black, and why? `dirs` holds the four line offsets of the
 * padded array (→, ↓, ↘, ↙). Returns NOT_FORBIDDEN, DOUBLE_THREE, DOUBLE_FOUR or OVERLINE.
 */
export function forbiddenAt(cells: Uint8Array, dirs: Int32Array, q: number, depth = 0): ForbiddenKind {
  cells[q] = 1;
  let result: ForbiddenKind = NOT_FORBIDDEN;
  let overline = false;
  let five = false;
  for (let d = 0; d < 4; d++) {
    const len = runLength(cells, q, dirs[d]);
    if (len === 5) five = true;
    else if (len > 5) overline = true;
  }
  if (!five) {
    if (overline) result = OVERLINE;
    else {
      let fours = 0;
      let threes = 0;
      for (let d = 0; d < 4 && fours < 2; d++) {
        const f = foursAlong(cells, q, dirs[d]);
        if (f > 0) fours += f;
        else if (threes < 2 && threeAlong(cells, dirs, q, dirs[d], depth)) threes++;
      }
      if (fours >= 2) result = DOUBLE_FOUR;
      else if (threes >= 2) result = DOUBLE_THREE;
    }
  }
  cells[q] = 0;
  return result;
}
