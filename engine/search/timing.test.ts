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
    let searches = 0;
    for (let i = 0; i < 30; i++) {
      const timeMs = 100 + ((i * 37) % 101);
      const pos: Position = { size: 15, rule: "freestyle", stones: [...stones], toMove };
      const t0 = performance.now();
      const r = think(pos, { timeMs });
      searches++;
      const took = performance.now() - t0;
      worst = Math.max(worst, took - timeMs);
      expect(took).toBeLessThanOrEqual(timeMs + 50);
      if (!r.move || r.score.kind !== "eval") {
        // Decided or over: start a fresh game so all 30 searches are real ones.
        stones.splice(0, stones.length, ...labOpening(15));
        toMove = 1;
        continue;
      }
      stones.push({ ...r.move, color: toMove });
      toMove = toMove === 1 ? 2 : 1;
    }
    expect(worst).toBeLessThanOrEqual(50);
    expect(searches).toBe(30);
  }, 30_000);

  it("the site's mode (exact scores for the best 8) keeps the limit too, and its best 8 are exact", () => {
    const stones: Stone[] = labOpening(15);
    let toMove: 1 | 2 = 1;
    for (let i = 0; i < 12; i++) {
      const timeMs = 100 + ((i * 37) % 101);
      const pos: Position = { size: 15, rule: "freestyle", stones: [...stones], toMove };
      const t0 = performance.now();
      const r = think(pos, { timeMs, exactRootScores: 8 });
      expect(performance.now() - t0).toBeLessThanOrEqual(timeMs + 50);
      expect(r.rootScores[0].bound).toBeUndefined();
      expect(r.rootScores[0].score).toEqual(r.score);
      if (!r.move || r.score.kind !== "eval") break;
      stones.push({ ...r.move, color: toMove });
      toMove = toMove === 1 ? 2 : 1;
    }
  }, 30_000);

  it("with a soft target (time management) it never passes the hard limit either", () => {
    const stones: Stone[] = labOpening(15);
    let toMove: 1 | 2 = 1;
    for (let i = 0; i < 12; i++) {
      const softTimeMs = 40 + ((i * 23) % 61);
      const timeMs = 3 * softTimeMs;
      const pos: Position = { size: 15, rule: "freestyle", stones: [...stones], toMove };
      const t0 = performance.now();
      const r = think(pos, { timeMs, softTimeMs, exactRootScores: false });
      expect(performance.now() - t0).toBeLessThanOrEqual(timeMs + 50);
      if (!r.move || r.score.kind !== "eval") break;
      stones.push({ ...r.move, color: toMove });
      toMove = toMove === 1 ? 2 : 1;
    }
  }, 30_000);
});
