// 20×20, Gomocup's freestyle board: the engine plays on it, edges included (the padded board, the
// Zobrist table and the move buffers are sized for it).
import { describe, expect, it } from "vitest";
import { think } from "./think";
import { play } from "../play";
import { MAX_SIZE, type Stone } from "../types";
import { replay } from "../rules";

describe("20×20 boards", () => {
  it("MAX_SIZE is 20", () => expect(MAX_SIZE).toBe(20));

  it("plays the centre of an empty 20×20 board", () => {
    const r = think({ size: 20, rule: "freestyle", stones: [], toMove: 1 }, { maxDepth: 2 });
    expect(r.move).not.toBeNull();
    expect(Math.abs(r.move!.x - 9.5)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(r.move!.y - 9.5)).toBeLessThanOrEqual(1.5);
  });

  it("wins in one on the last column and row (t1 corner area)", () => {
    // Black has four on the bottom row ending at the far corner: x 15..18, y 19; x = 19 wins.
    const stones: Stone[] = [];
    for (let i = 0; i < 4; i++) {
      stones.push({ x: 15 + i, y: 19, color: 1 });
      stones.push({ x: 2 * i, y: 0, color: 2 });
    }
    const r = think({ size: 20, rule: "freestyle", stones, toMove: 1 }, { maxDepth: 3 });
    expect([JSON.stringify({ x: 14, y: 19 }), JSON.stringify({ x: 19, y: 19 })]).toContain(JSON.stringify(r.move));
    expect(r.score).toEqual({ kind: "win", plies: 1 });
  });

  it("plays a whole fast game to its end on 20×20 (every player)", () => {
    for (const algo of ["alphabeta", "mcts", "casual"] as const) {
      const stones: Stone[] = [];
      let color: 1 | 2 = 1;
      for (let ply = 0; ply < 400; ply++) {
        const r = play({ size: 20, rule: "freestyle", stones, toMove: color }, { algo, timeMs: 30 });
        if (!r.move) break;
        stones.push({ ...r.move, color });
        const { outcome } = replay(20, "freestyle", [], stones);
        if (outcome.winner || outcome.full) break;
        color = color === 1 ? 2 : 1;
      }
      expect(stones.length).toBeGreaterThan(8);
      for (const s of stones) expect(s.x >= 0 && s.x < 20 && s.y >= 0 && s.y < 20).toBe(true);
    }
  });
});
