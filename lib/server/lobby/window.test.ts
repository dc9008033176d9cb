import { describe, expect, it } from "vitest";
import { pairUp, ratingWindow, WINDOW_FULL_MS, WINDOW_MAX, WINDOW_START } from "./window";

const w = (playerId: string, rating: number, since = 0) => ({ playerId, rating, since });
const ids = (pairs: ReturnType<typeof pairUp>) => pairs.map(([a, b]) => [a.playerId, b.playerId].sort().join("+")).sort();

describe("quick pairing's rating window", () => {
  it("starts narrow and widens with time waited, up to its widest", () => {
    expect(ratingWindow(0)).toBe(WINDOW_START);
    expect(ratingWindow(WINDOW_FULL_MS / 2)).toBe((WINDOW_START + WINDOW_MAX) / 2);
    expect(ratingWindow(WINDOW_FULL_MS)).toBe(WINDOW_MAX);
    expect(ratingWindow(10 * WINDOW_FULL_MS)).toBe(WINDOW_MAX);
    expect(ratingWindow(-5)).toBe(WINDOW_START);
  });

  it("pairs close ratings at once, far ones only once both have waited long enough", () => {
    expect(ids(pairUp([w("a", 1500), w("b", 1580)], 0))).toEqual(["a+b"]);
    expect(pairUp([w("a", 1500), w("b", 1800)], 0)).toEqual([]);
    // 300 apart: a window of 300 needs (300-100)/400 of the full time from both.
    expect(pairUp([w("a", 1500, 0), w("b", 1800, 10_000)], 15_000 + 1000)).toEqual([]);
    expect(ids(pairUp([w("a", 1500, 0), w("b", 1800, 0)], 15_000))).toEqual(["a+b"]);
  });

  it("gives the longest-waiting player the closest rating, and nobody two games", () => {
    const pairs = pairUp([w("old", 1500, 0), w("near", 1510, 5000), w("far", 1590, 1000), w("x", 1595, 6000)], 6000);
    expect(ids(pairs)).toEqual(["far+x", "near+old"]);
    const seen = pairs.flat().map((p) => p.playerId);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("leaves one out of an odd number", () => {
    expect(pairUp([w("a", 1500), w("b", 1500), w("c", 1500)], 0)).toHaveLength(1);
  });

  it("never pairs two that a block keeps apart: each gets the next closest instead", () => {
    const apart = (a: string, b: string) => [a, b].sort().join("+") === "a+b";
    expect(ids(pairUp([w("a", 1500), w("b", 1500), w("c", 1510), w("d", 1520)], 0, apart))).toEqual(["a+c", "b+d"]);
    expect(pairUp([w("a", 1500), w("b", 1500)], 0, apart)).toEqual([]);
  });
});
