// Swap2 decisions: the logic with a stand-in analyser (fixed scores), then the real engine.
import { describe, expect, it } from "vitest";
import { swap2Decide, swap2Opening, type Analyse } from "./swap2";
import type { Analysis, Score, Stone } from "./types";

const three: Stone[] = [
  { x: 7, y: 7, color: 1 },
  { x: 8, y: 7, color: 2 },
  { x: 8, y: 8, color: 1 },
];
const five: Stone[] = [...three, { x: 6, y: 6, color: 2 }, { x: 9, y: 9, color: 1 }];

/** Answers `score` for white to move (with move 0,0) and, for black, root scores around ±`spread`. */
function standIn(score: Score, spread = 300): Analyse {
  return (pos): Analysis => {
    const move = pos.toMove === 2 ? { x: 0, y: 0 } : { x: 1, y: 1 };
    const rootScores =
      pos.toMove === 1
        ? [
            { move: { x: 1, y: 1 }, score: { kind: "eval" as const, value: spread } },
            { move: { x: 2, y: 2 }, score: { kind: "eval" as const, value: 5 } },
            { move: { x: 3, y: 3 }, score: { kind: "eval" as const, value: -spread } },
          ]
        : [];
    return { move, score, depth: 1, nodes: 1, timeMs: 0, pv: [move], rootScores };
  };
}

describe("swap2", () => {
  it("with 3 stones: swaps when white stands badly, plays on when well, else places two", () => {
    expect(swap2Decide(15, "freestyle", three, {}, standIn({ kind: "eval", value: -400 }))).toEqual({ kind: "swap" });
    expect(swap2Decide(15, "freestyle", three, {}, standIn({ kind: "loss", plies: 9 }))).toEqual({ kind: "swap" });
    expect(swap2Decide(15, "freestyle", three, {}, standIn({ kind: "eval", value: 400 }))).toEqual({ kind: "play", move: { x: 0, y: 0 } });
    // Even: white's best 4th, and the 5th that leaves black's score closest to even.
    expect(swap2Decide(15, "freestyle", three, {}, standIn({ kind: "eval", value: 10 }))).toEqual({
      kind: "place",
      moves: [
        { x: 0, y: 0 },
        { x: 2, y: 2 },
      ],
    });
  });

  it("with 5 stones: white when white is not worse, else swap", () => {
    expect(swap2Decide(15, "renju", five, {}, standIn({ kind: "eval", value: 0 }))).toEqual({ kind: "play", move: { x: 0, y: 0 } });
    expect(swap2Decide(15, "renju", five, {}, standIn({ kind: "eval", value: -1 }))).toEqual({ kind: "swap" });
    expect(() => swap2Decide(15, "renju", five.slice(0, 4), {}, standIn({ kind: "eval", value: 0 }))).toThrow(/3 or 5/);
  });

  it("the real engine: an opening of three stones near the centre, deterministic, and a legal decision", () => {
    const a = swap2Opening(15, "renju", { maxNodes: 16_000 });
    const b = swap2Opening(15, "renju", { maxNodes: 16_000 });
    expect(a).toEqual(b);
    expect(a.map((s) => s.color)).toEqual([1, 2, 1]);
    expect(new Set(a.map((s) => `${s.x},${s.y}`)).size).toBe(3);
    for (const s of a) expect(Math.max(Math.abs(s.x - 7), Math.abs(s.y - 7))).toBeLessThanOrEqual(3);
    const d = swap2Decide(15, "renju", a, { maxNodes: 10_000 });
    const taken = new Set(a.map((s) => `${s.x},${s.y}`));
    if (d.kind === "play") expect(taken.has(`${d.move.x},${d.move.y}`)).toBe(false);
    if (d.kind === "place") {
      expect(taken.has(`${d.moves[0].x},${d.moves[0].y}`)).toBe(false);
      expect(taken.has(`${d.moves[1].x},${d.moves[1].y}`)).toBe(false);
      expect(d.moves[0]).not.toEqual(d.moves[1]);
    }
  });
});
