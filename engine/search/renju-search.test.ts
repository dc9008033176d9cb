// Renju in the search: a small tactics suite. Black never plays a forbidden point; black's
// forbidden points are holes in its defence that white's threat search uses; black's own wins
// (open four, four-three) still stand; the same positions under freestyle for contrast.
import { describe, expect, it } from "vitest";
import { cellsOf, forbiddenReason } from "../rules";
import type { Color, Position, Rule, Stone } from "../types";
import { play } from "../play";
import { think } from "./think";
import { boardOf } from "../board/position";
import { VcfSolver } from "./threats/vcf";
import { VctSolver } from "./threats/vct";

/** Rows of x / o / . placed at the middle of a 15×15 board. */
function diagram(rows: string[], toMove: Color, rule: Rule = "renju"): { pos: Position; at: (dx: number, dy: number) => { x: number; y: number } } {
  const ox = Math.floor((15 - rows[0].length) / 2);
  const oy = Math.floor((15 - rows.length) / 2);
  const stones: Stone[] = [];
  rows.forEach((row, y) =>
    [...row].forEach((ch, x) => {
      if (ch === "x") stones.push({ x: x + ox, y: y + oy, color: 1 });
      if (ch === "o") stones.push({ x: x + ox, y: y + oy, color: 2 });
    }),
  );
  return { pos: { size: 15, rule, stones, toMove }, at: (dx, dy) => ({ x: dx + ox, y: dy + oy }) };
}

const forbiddenFor = (pos: Position, p: { x: number; y: number }) => forbiddenReason(pos.size, cellsOf(pos.size, pos.stones), p);

// Black's 3-3 at F=(3,3) is its only strong point; in freestyle it wins the game there.
const DOUBLE_THREE = [".......", "...x...", "...x...", ".xx....", ".......", "..o...o", "o......"];
// White: three in a row pointing at F = (3,4), black's overline point (column x=3, y=1..3 and 5..6);
// black's stones at (2,4) and (8,4) close the ends, so white's four at (7,4) has F as its only five point.
const WHITE_VIA_FORBIDDEN = ["..........", "...x......", "...x......", "...x......", "..x.ooo.x.", "...x......", "...x......", "..........", "o........."];

describe("renju search", () => {
  it("black never plays its double-three point, though freestyle plays it and wins", () => {
    const free = diagram(DOUBLE_THREE, 1, "freestyle");
    const f = free.at(3, 3);
    const r = think(free.pos, { maxDepth: 6 });
    expect(r.move).toEqual(f);
    const renju = diagram(DOUBLE_THREE, 1);
    expect(forbiddenFor(renju.pos, f)).toBe("double-three");
    const a = think(renju.pos, { maxDepth: 6 });
    expect(a.move).not.toEqual(f);
    expect(a.rootScores.some((s) => s.move.x === f.x && s.move.y === f.y)).toBe(false);
    for (const algo of ["alphabeta", "mcts", "casual"] as const) {
      const m = play(renju.pos, { algo, maxNodes: 3000, maxIterations: 300, maxDepth: 2 }).move!;
      expect(forbiddenFor(renju.pos, m), algo).toBeNull();
    }
  });

  it("white wins only because black's block would be forbidden (VCF through a forbidden point)", () => {
    const d = diagram(WHITE_VIA_FORBIDDEN, 2);
    const F = d.at(3, 4);
    expect(forbiddenFor(d.pos, F)).toBe("overline");
    const r = think(d.pos, { maxDepth: 4 });
    expect(r.score).toEqual({ kind: "win", plies: 3 });
    expect(r.move).toEqual(d.at(7, 4));
    const vcf = new VcfSolver(boardOf(d.pos));
    expect(vcf.solve(2, 10, 100_000, Infinity)).toBe(3);
    // Freestyle: the block is black's six in a row (a win there): no white win.
    const free = diagram(WHITE_VIA_FORBIDDEN, 2, "freestyle");
    expect(new VcfSolver(boardOf(free.pos)).solve(2, 10, 100_000, Infinity)).toBe(0);
  });

  it("black, facing a four whose only block is forbidden, is lost and still plays a legal move", () => {
    const d = diagram(WHITE_VIA_FORBIDDEN, 2);
    const stones = [...d.pos.stones, { ...d.at(7, 4), color: 2 as const }];
    const pos: Position = { ...d.pos, stones, toMove: 1 };
    const r = think(pos, { maxDepth: 4 });
    expect(r.score.kind).toBe("loss");
    expect(r.move).not.toBeNull();
    expect(forbiddenFor(pos, r.move!)).toBeNull();
  });

  it("white's VCT counts black's forbidden points as points black cannot defend on", () => {
    // White's open three on row 4 (o at 4,5,6): its four points are (3,4) — black's overline point —
    // and (7,4). White to move wins by threes in renju.
    const rows = ["..........", "...x......", "...x......", "...x......", "....oo....", "...x......", "...x..x...", "..........", "o........o"];
    const renju = diagram(rows, 2);
    expect(forbiddenFor(renju.pos, renju.at(3, 4))).toBe("overline");
    const vct = new VctSolver(boardOf(renju.pos));
    expect(vct.solve(2, 4, 200_000, Infinity)).toBeGreaterThan(0);
  });

  it("black's own wins stand: an open four, and a four-three", () => {
    const open = diagram(["........", "..xxx...", "........", "..o.o...", "......o."], 1);
    const r = think(open.pos, { maxDepth: 4 });
    expect(r.score).toEqual({ kind: "win", plies: 3 });
    expect(forbiddenFor(open.pos, r.move!)).toBeNull();
    // 4-3 at (4,3): row o x x x . (a closed four) and column x x . (an open three).
    const fourThree = diagram(["......", "....x.", "....x.", "oxxx..", "......", "......", "o....o"], 1);
    const p = fourThree.at(4, 3);
    expect(forbiddenFor(fourThree.pos, p)).toBeNull();
    const r2 = think(fourThree.pos, { maxDepth: 6 });
    expect(r2.score.kind).toBe("win");
  });

  it("black's double four is no win in renju (it is in freestyle)", () => {
    const rows = [".........", "...x.....", "...x.....", "...x.....", "xxx......", ".........", "o.o.o.o.."];
    const free = diagram(rows, 1, "freestyle");
    const F = free.at(3, 4);
    const rf = think(free.pos, { maxDepth: 2 });
    expect(rf.score.kind).toBe("win");
    const renju = diagram(rows, 1);
    expect(forbiddenFor(renju.pos, F)).toBe("double-four");
    const rr = think(renju.pos, { maxDepth: 4 });
    expect(rr.move).not.toEqual(F);
    expect(forbiddenFor(renju.pos, rr.move!)).toBeNull();
  });
});
