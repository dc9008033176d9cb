// Wall-clock limit: over many moves of a real game the answer never comes more than 50 ms late.
import { describe, expect, it } from "vitest";
import { think } from "./think";
import type { Position, Stone } from "../types";
import { labOpening } from "../rules";

describe("think: time limit", () => {
  it("never exceeds timeMs by more than 50 ms (30 moves, 100–200 ms each)", () => {
    const stones: Stone[] = labOpening(15);
    let toMove: 1 | 2 = 1;
    let worst = -Infinity;
    for (let i = 0; i < 30; i++) {
      const timeMs = 100 + ((i * 37) % 101);
      const pos: Position = { size: 15, rule: "freestyle", stones: [...stones], toMove };
      const t0 = performance.now();
      const r = think(pos, { timeMs });
      const took = performance.now() - t0;
      worst = Math.max(worst, took - timeMs);
      expect(took).toBeLessThanOrEqual(timeMs + 50);
      if (!r.move) break;
      stones.push({ ...r.move, color: toMove });
      toMove = toMove === 1 ? 2 : 1;
    }
    expect(worst).toBeLessThanOrEqual(50);
  }, 30_000);
});
