// The puzzle solver under the three rules (bin/tactics/solver.ts): what freestyle calls a win is not
// one under exact5 or for renju's black (an overline is no five), and renju's forbidden points decide
// (white's four whose block is forbidden for black wins; a "renju" puzzle).
import { describe, expect, it } from "vitest";
import type { Rule, Stone } from "../../engine/types";
import { forbiddenReason, winningLine } from "../../engine/rules";
import { toLabel } from "../../lib/shared/notation";
import { ThreatSolver } from "../../engine/puzzles/solver";
import { prove, reprove } from "./prove";
import type { PuzzleRecord } from "../../lib/shared/puzzles/puzzle";
import { movesToString } from "../../lib/shared/notation";

const at = (x: number, y: number, color: 1 | 2): Stone => ({ x, y, color });
const far: Stone[] = [at(0, 0, 2), at(14, 0, 2), at(0, 14, 2), at(14, 14, 2), at(7, 0, 2)];
/** Row 7: black at 1, 4 5 6, 9. Freestyle: 3 or 7 makes an open four (the far end would be six: a five there). */
const overlineFour: Stone[] = [at(1, 7, 1), at(4, 7, 1), at(5, 7, 1), at(6, 7, 1), at(9, 7, 1), ...far];
const wins = (stones: Stone[], rule: Rule, color: 1 | 2, plies: number) => {
  const w = new ThreatSolver(15, stones, rule).shortestWin(color, plies);
  return w && { plies: w.plies, moves: w.moves.map((m) => toLabel(m, 15)) };
};
const swap = (stones: Stone[]): Stone[] => stones.map((s) => ({ ...s, color: (3 - s.color) as 1 | 2 }));

/**
 * Renju: black's (7,7) is a double three (black 5,7 6,7 across, 7,5 7,6 down); white's 9,9 10,10
 * 11,11 with black at 12,12: white 8,8 makes a four whose only five point is the forbidden 7,7.
 */
const forbiddenBlock: Stone[] = [
  at(5, 7, 1),
  at(6, 7, 1),
  at(7, 5, 1),
  at(7, 6, 1),
  at(12, 12, 1),
  at(9, 9, 2),
  at(10, 10, 2),
  at(11, 11, 2),
  at(0, 14, 2),
  at(14, 0, 2),
];

describe("the puzzle solver under exact5 and renju", () => {
  it("an open four that needs an overline wins in freestyle, not in exact5 nor for renju's black", () => {
    expect(wins(overlineFour, "freestyle", 1, 3)).toEqual({ plies: 3, moves: [toLabel({ x: 3, y: 7 }, 15), toLabel({ x: 7, y: 7 }, 15)] });
    expect(wins(overlineFour, "exact5", 1, 3)).toBeNull();
    expect(wins(overlineFour, "renju", 1, 3)).toBeNull();
    // White's overline wins under renju: the same shape in white wins there.
    expect(wins(swap(overlineFour), "renju", 2, 3)?.plies).toBe(3);
    expect(wins(swap(overlineFour), "exact5", 2, 3)).toBeNull();
  });

  it("six in a row is no five point under exact5", () => {
    const s = (rule: Rule) => new ThreatSolver(15, [at(1, 7, 1), at(2, 7, 1), at(3, 7, 1), at(4, 7, 1), at(6, 7, 1), at(0, 7, 2)], rule);
    expect(s("freestyle").fivePoints(1)).toEqual([7 * 15 + 5]);
    expect(s("exact5").fivePoints(1)).toEqual([]);
    expect(s("renju").fivePoints(1)).toEqual([]);
  });

  it("renju: white's four on a forbidden block wins, a 'renju' puzzle the verifier proves", () => {
    const four = toLabel({ x: 8, y: 8 }, 15);
    expect(wins(forbiddenBlock, "renju", 2, 3)).toEqual({ plies: 3, moves: [four] });
    expect(wins(forbiddenBlock, "freestyle", 2, 3)).toBeNull();
    expect(new ThreatSolver(15, forbiddenBlock, "renju").legal(7 * 15 + 7, 1)).toBe(false);
    const proof = prove(15, forbiddenBlock, 2, false, "renju");
    expect(proof).toMatchObject({ theme: "renju", plies: 3, line: [four], finish: [four] });
    if (typeof proof === "string") return;
    const record: PuzzleRecord = {
      id: "renju-test",
      rule: "renju",
      size: 15,
      toMove: 2,
      black: movesToString(
        forbiddenBlock.filter((s) => s.color === 1),
        15,
      ),
      white: movesToString(
        forbiddenBlock.filter((s) => s.color === 2),
        15,
      ),
      ...proof,
      source: "test",
    };
    expect(reprove(record)).toBeNull();
    // The same record claimed for freestyle is refused.
    expect(reprove({ ...record, rule: "freestyle" })).not.toBeNull();
  });
});

/**
 * A plain full-width search under `rule` with the engine's own rules (engine/rules.ts): every legal
 * attacker move, every legal defender reply (renju: black never on a forbidden point). Slow, obviously
 * right: the solver's pruning (zones, the pass, the forbidden cells) is checked against it.
 */
function naiveWins(n: number, rule: Rule, cells: Uint8Array, att: 1 | 2, plies: number): boolean {
  const def = (3 - att) as 1 | 2;
  const legal = (i: number, c: 1 | 2) => !cells[i] && !(rule === "renju" && c === 1 && forbiddenReason(n, cells, { x: i % n, y: Math.floor(i / n) }));
  const wins = (i: number, c: 1 | 2) => {
    cells[i] = c;
    const w = winningLine(n, rule, cells, { x: i % n, y: Math.floor(i / n) }, c) !== null;
    cells[i] = 0;
    return w;
  };
  for (let i = 0; i < cells.length; i++) if (legal(i, att) && wins(i, att)) return true;
  if (plies < 3) return false;
  for (let m = 0; m < cells.length; m++) {
    if (!legal(m, att)) continue;
    cells[m] = att;
    let holds = false;
    let replies = 0;
    for (let r = 0; r < cells.length && !holds; r++) {
      if (!legal(r, def)) continue;
      replies++;
      if (wins(r, def)) holds = true;
      else {
        cells[r] = def;
        holds = !naiveWins(n, rule, cells, att, plies - 2);
        cells[r] = 0;
      }
    }
    cells[m] = 0;
    if (!holds && replies > 0) return true;
  }
  return false;
}

describe("the solver against a full-width search under exact5 and renju", () => {
  it.each([
    ["exact5", 7, 3, 150, 1],
    ["exact5", 6, 5, 30, 2],
    ["renju", 7, 3, 400, 3],
    ["renju", 6, 5, 50, 4],
  ] as const)("%s, board %i, wins within %i plies, %i random positions (seed %i)", (rule, n, plies, count, seed0) => {
    let seed = seed0;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let wins = 0;
    let decided = 0; // positions where the forbidden points change the answer (renju)
    for (let k = 0; k < count; k++) {
      const cells = new Uint8Array(n * n);
      const stones: Stone[] = [];
      if (rule === "renju") {
        // Most random positions hold no forbidden point: start from black's "two twos" around a point
        // (a double three once filled in), the renju shape, with white's stones to match.
        const c = { x: 2 + Math.floor(rnd() * (n - 4)), y: 2 + Math.floor(rnd() * (n - 4)) };
        const dirs = [
          [1, 0],
          [0, 1],
          [1, 1],
          [1, -1],
        ]
          .sort(() => rnd() - 0.5)
          .slice(0, 2);
        for (const [dx, dy] of dirs)
          for (const k of rnd() < 0.5 ? [1, 2] : [-1, 1]) {
            const x = c.x + k * dx;
            const y = c.y + k * dy;
            if (x >= 0 && y >= 0 && x < n && y < n && !cells[y * n + x]) {
              cells[y * n + x] = 1;
              stones.push({ x, y, color: 1 });
            }
          }
      }
      const want = 8 + Math.floor(rnd() * 12);
      for (let s = 0; s < want; s++) {
        let i: number;
        do i = Math.floor(rnd() * n * n);
        while (cells[i]);
        const black = stones.filter((st) => st.color === 1).length;
        const color = (black > stones.length - black ? 2 : 1) as 1 | 2;
        cells[i] = color;
        const p = { x: i % n, y: Math.floor(i / n) };
        if (winningLine(n, rule, cells, p, color)) cells[i] = 0;
        else stones.push({ ...p, color });
      }
      const att = (k % 2 === 0 ? 1 : 2) as 1 | 2;
      const solver = new ThreatSolver(n, stones, rule);
      for (let p = 1; p <= plies; p += 2) {
        const naive = naiveWins(n, rule, cells, att, p);
        wins += naive ? 1 : 0;
        expect(solver.wins(att, p), JSON.stringify({ stones, att, p })).toBe(naive);
        if (rule === "renju" && new ThreatSolver(n, stones, rule, false).wins(att, p) !== naive) decided++;
      }
    }
    expect(wins).toBeGreaterThan(0);
    if (rule === "renju") expect(decided).toBeGreaterThan(2);
  });
});
