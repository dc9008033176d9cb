import { describe, expect, it } from "vitest";
import { Board } from "./board";
import type { Rule } from "../types";
import { patternTable, FIVE, FLEX4, BLOCK4, FLEX3, slotOf } from "./patterns";

// Deterministic pseudo-random numbers for the playouts.
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 2 ** 32;
  };
}

describe("patterns", () => {
  const keyOf = (cells: Record<number, number>) => {
    let k = 0;
    for (const [off, v] of Object.entries(cells)) k |= v << (2 * slotOf(Number(off)));
    return k >>> 0;
  };
  it("classifies the basic shapes for black and white", () => {
    const t = patternTable("freestyle");
    expect(t[keyOf({ 1: 1, 2: 1, 3: 1, 4: 1 })] & 15).toBe(FIVE);
    expect(t[keyOf({ 1: 1, 2: 1, 3: 1 })] & 15).toBe(FLEX4); // .XXXX.
    expect(t[keyOf({ "-1": 2, 1: 1, 2: 1, 3: 1 })] & 15).toBe(BLOCK4); // OXXXX.
    expect(t[keyOf({ 1: 1, 2: 1 })] & 15).toBe(FLEX3); // .XXX.
    expect(t[keyOf({ 1: 2, 2: 2, 3: 2, 4: 2 })] >> 4).toBe(FIVE);
  });
  it("exact5: overlines are not fives", () => {
    const t = patternTable("exact5");
    expect(t[keyOf({ 1: 1, 2: 1, 3: 1, 4: 1, 5: 1 })] & 15).not.toBe(FIVE);
    expect(t[keyOf({ 1: 1, 2: 1, 3: 1, 4: 1, 5: 2 })] & 15).toBe(FIVE);
    expect(patternTable("freestyle")[keyOf({ 1: 1, 2: 1, 3: 1, 4: 1, 5: 1 })] & 15).toBe(FIVE);
  });
});

describe("board: make/undo", () => {
  for (const [size, rule] of [
    [15, "freestyle"],
    [9, "exact5"],
    [19, "freestyle"],
    [5, "exact5"],
  ] as Array<[number, Rule]>) {
    it(`restores hash and eval exactly, incremental = full recomputation (${size}×${size} ${rule})`, () => {
      const rand = rng(size * 7 + rule.length);
      const b = new Board(size, rule);
      const startHash = [b.hashLo, b.hashHi];
      const startTotals = [b.total[1], b.total[2]];
      for (let game = 0; game < 6; game++) {
        const hashes: Array<[number, number, number, number]> = [];
        let color: 1 | 2 = 1;
        const moves = Math.floor(rand() * size * size * 0.8) + 1;
        for (let i = 0; i < moves; i++) {
          const empties = Array.from(b.boardCells).filter((q) => b.cells[q] === 0);
          if (empties.length === 0) break;
          hashes.push([b.hashLo, b.hashHi, b.total[1], b.total[2]]);
          b.make(empties[Math.floor(rand() * empties.length)], color);
          color = color === 1 ? 2 : 1;
          if (i % 7 === 0) expect(b.recomputeCheck()).toBeNull();
        }
        expect(b.recomputeCheck()).toBeNull();
        while (hashes.length > 0) {
          b.undo();
          expect([b.hashLo, b.hashHi, b.total[1], b.total[2]]).toEqual(hashes.pop());
          if (hashes.length % 9 === 0) expect(b.recomputeCheck()).toBeNull();
        }
        expect([b.hashLo, b.hashHi]).toEqual(startHash);
        expect([b.total[1], b.total[2]]).toEqual(startTotals);
      }
    });
  }
});
