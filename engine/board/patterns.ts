// Line patterns: what a stone placed on an empty cell makes along one line, looked up by the
// cell's window of ±5 cells in that direction. The table is built once per rule (lazily, ~50 ms)
// so the search never classifies a line by hand: one array read per (cell, direction).
import type { Rule } from "../types";

// Pattern classes, weakest to strongest. "FLEX" = open (two ways to grow), "BLOCK" = one way.
export const NONE = 0;
export const BLOCK1 = 1;
export const FLEX1 = 2;
export const BLOCK2 = 3;
export const FLEX2 = 4;
export const BLOCK3 = 5;
export const FLEX3 = 6; // playing here makes an open three (can become an open four)
export const BLOCK4 = 7; // playing here makes a four (one point left to five)
export const FLEX4 = 8; // playing here makes an open four (two points to five)
export const FIVE = 9; // playing here makes five

/** Cell contents as stored on the board (2 bits each in a window key). */
export const EMPTY = 0;
export const WALL = 3;

/**
 * Window key layout: 10 slots of 2 bits, slot 0..4 = offsets −5..−1, slot 5..9 = offsets +1..+5.
 * The centre is the cell itself and is not in the key.
 */
export const slotOf = (offset: number): number => (offset < 0 ? offset + 5 : offset + 4);

const POW3 = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049];

/** Classify in a 3-state world (0 empty, 1 own, 2 blocked), centre already own. Memoised DP. */
function buildTernary(exact5: boolean): Uint8Array {
  const memo = new Int8Array(59049).fill(-1);
  const digit = (s: number, i: number) => Math.floor(s / POW3[i]) % 3;
  const isFive = (s: number): boolean => {
    let len = 1;
    for (let i = 4; i >= 0 && digit(s, i) === 1; i--) len++;
    for (let i = 5; i <= 9 && digit(s, i) === 1; i++) len++;
    return exact5 ? len === 5 : len >= 5;
  };
  // down[p]: what p becomes with one own stone fewer (FLEX4 → FLEX3, BLOCK4 → BLOCK3, …).
  const down = [NONE, NONE, NONE, BLOCK1, FLEX1, BLOCK2, FLEX2, BLOCK3, FLEX3, NONE];
  const classify = (s: number): number => {
    if (memo[s] >= 0) return memo[s];
    let result: number = NONE;
    if (isFive(s)) result = FIVE;
    else {
      // Only cells within ±4 can join a five through the centre.
      let fives = 0;
      for (let i = 1; i <= 8; i++) if (digit(s, i) === 0 && isFive(s + POW3[i])) fives++;
      if (fives >= 2) result = FLEX4;
      else if (fives === 1) result = BLOCK4;
      else {
        for (let i = 1; i <= 8; i++) {
          if (digit(s, i) !== 0) continue;
          // One more own stone turns a FLEX4 into a FLEX3 here, a BLOCK4 into a BLOCK3, and so on down.
          const p = down[classify(s + POW3[i])];
          if (p > result) result = p;
        }
      }
    }
    memo[s] = result;
    return result;
  };
  const out = new Uint8Array(59049);
  for (let s = 0; s < 59049; s++) out[s] = classify(s);
  return out;
}

const tables = new Map<Rule, Uint8Array>();
const ternaries = new Map<boolean, Uint8Array>();
const ternary = (exact5: boolean): Uint8Array => {
  let t = ternaries.get(exact5);
  if (!t) ternaries.set(exact5, (t = buildTernary(exact5)));
  return t;
};

/** 2^20 bytes: low nibble = pattern for black at the centre, high nibble = for white. */
export function patternTable(rule: Rule): Uint8Array {
  const cached = tables.get(rule);
  if (cached) return cached;
  // Black needs exactly five under exact5 and renju; white under exact5 only.
  const tern = ternary(rule !== "freestyle");
  const ternW = ternary(rule === "exact5");
  const table = new Uint8Array(1 << 20);
  // Per 2-bit cell value: ternary digit for black's view and for white's view.
  const bDigit = [0, 1, 2, 2];
  const wDigit = [0, 2, 1, 2];
  for (let k = 0; k < 1 << 20; k++) {
    let b = 0;
    let w = 0;
    for (let i = 0; i < 10; i++) {
      const v = (k >>> (2 * i)) & 3;
      b += bDigit[v] * POW3[i];
      w += wDigit[v] * POW3[i];
    }
    table[k] = tern[b] | (ternW[w] << 4);
  }
  tables.set(rule, table);
  return table;
}

// Built at module load (~50 ms each), so no think() pays for it inside its time budget.
patternTable("freestyle");
patternTable("exact5");
patternTable("renju");
