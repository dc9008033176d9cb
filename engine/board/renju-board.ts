// The search board's side of renju: a cheap pre-check from the board's line patterns before the
// full forbidden-point test (renju.ts) runs, so most cells cost four table reads.
import type { BoardArrays } from "./board-arrays";
import * as P from "./patterns";
import * as R from "./renju";

// Re-bound to local consts (see search.ts: getter calls under tsx/vitest).
const { FIVE, FLEX3, FLEX4 } = P;
const { NOT_FORBIDDEN, forbiddenAt, runLength } = R;

/**
 * The search's question: is empty q forbidden for black on this board? Answers 0 at once unless
 * the board plays renju and q's line patterns could make it so (two threes or fours, an open
 * four that may be two fours on one line, or a black neighbour that may make an overline).
 */
export function forbiddenOnBoard(b: BoardArrays, q: number): R.ForbiddenKind {
  if (!b.renju) return NOT_FORBIDDEN;
  const pat = b.pat;
  const cells = b.cells;
  const dirs = b.dirs;
  const base = q * 4;
  let hot = 0;
  let suspect = false;
  for (let d = 0; d < 4; d++) {
    const p = pat[base + d] & 15;
    if (p === FIVE) return NOT_FORBIDDEN;
    if (p >= FLEX3) {
      hot++;
      if (p === FLEX4) suspect = true;
    }
    const o = dirs[d];
    if (!suspect && (cells[q + o] === 1 || cells[q - o] === 1) && runLength(cells, q, o) > 5) suspect = true;
  }
  if (hot < 2 && !suspect) return NOT_FORBIDDEN;
  return forbiddenAt(cells, dirs, q);
}
