// The packed, shareable transposition table: every field round-trips over its whole range (as the
// typed arrays before it did), a torn entry reads as a miss, and a second view of the same buffer
// (a helper thread's) sees the owner's entries and generation.
import { describe, expect, it } from "vitest";
import { TT_EXACT, TT_LOWER, TT_UPPER, TranspositionTable } from "./tt";

describe("transposition table", () => {
  it("gives back what was stored, over each field's range", () => {
    const tt = new TranspositionTable(4);
    const cases: Array<[number, number, number, number, number]> = [
      // hi, depth, flag, score, move
      [0xffffffff, 0, TT_EXACT, -32000, -1],
      [0x80000000, 127, TT_LOWER, 32000, 899],
      [0x7fffffff, 5, TT_UPPER, 0, 0],
      [1, 200, TT_EXACT, 30128, 450], // depth clamped to 127, a mate score as stored
      [0, -3, TT_LOWER, -30128, 123], // depth clamped to 0
    ];
    for (const [lo, [hi, depth, flag, score, move]] of cases.entries()) {
      tt.store(lo, hi, depth, flag, score, move);
      expect(tt.probe(lo, hi)).toBe(true);
      expect([tt.hitDepth, tt.hitFlag, tt.hitScore, tt.hitMove]).toEqual([Math.max(0, Math.min(127, depth)), flag, score, move]);
      expect(tt.probe(lo, hi ^ 1)).toBe(false); // another position in the same slot
    }
    // Scores wrap as an Int16Array's did.
    tt.store(9, 7, 1, TT_EXACT, 40000, 3);
    expect(tt.probe(9, 7) && tt.hitScore).toBe(40000 - 65536);
  });

  it("keeps a deeper entry of this search, gives way to any of a new generation; clear forgets all", () => {
    const tt = new TranspositionTable(4);
    tt.store(3, 100, 9, TT_EXACT, 50, 10);
    tt.store(3, 200, 4, TT_EXACT, 60, 11); // shallower, other position: refused
    expect(tt.probe(3, 100)).toBe(true);
    expect(tt.probe(3, 200)).toBe(false);
    tt.nextGeneration();
    tt.store(3, 200, 4, TT_EXACT, 60, 11);
    expect(tt.probe(3, 200) && tt.hitScore).toBe(60);
    tt.clear();
    expect(tt.probe(3, 200)).toBe(false);
    // clear() starts a new epoch: after 2^17 of them the memory is wiped, no old entry comes back.
    tt.store(3, 300, 2, TT_EXACT, 70, 12);
    let seen = 0;
    for (let i = 0; i < 1 << 17; i++) {
      tt.clear();
      if (tt.probe(3, 300)) seen++;
    }
    expect(seen).toBe(0);
    tt.store(3, 300, 2, TT_EXACT, 71, 12);
    expect(tt.probe(3, 300) && tt.hitScore).toBe(71);
  });

  it("reads an entry whose words come from two different stores as a miss (lockless check)", () => {
    const a = new TranspositionTable(2);
    const b = new TranspositionTable(2);
    a.store(1, 0x1234, 6, TT_EXACT, 77, 5);
    b.store(1, 0x1234, 8, TT_LOWER, -12, 9);
    const wa = new Uint32Array(a.buffer);
    const wb = new Uint32Array(b.buffer);
    // Slot 1 is words 3..5: one store's first word with the other's second and check word.
    wa[3] = wb[3];
    expect(a.probe(1, 0x1234)).toBe(false);
    wa.set(wb.subarray(3, 6), 3);
    expect(a.probe(1, 0x1234) && [a.hitDepth, a.hitScore]).toEqual([8, -12]);
  });

  it("a second view of the buffer (a helper thread's) shares entries and the owner's generation", () => {
    const owner = new TranspositionTable(6);
    owner.nextGeneration();
    owner.nextGeneration();
    const helper = new TranspositionTable(6, owner.buffer);
    helper.store(5, 42, 3, TT_UPPER, 8, 2);
    expect(owner.probe(5, 42) && owner.hitFlag).toBe(TT_UPPER);
    // The same generation: the owner's shallower store in that slot is refused (a deeper entry of this search).
    owner.store(5, 43, 2, TT_EXACT, 1, 1);
    expect(owner.probe(5, 42)).toBe(true);
    expect(() => new TranspositionTable(5, owner.buffer)).toThrow(/bytes/);
    if (typeof SharedArrayBuffer === "function") expect(owner.buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});
