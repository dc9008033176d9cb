import { describe, expect, it } from "vitest";
import { VariationTree } from "./tree";

const p = (x: number, y: number) => ({ x, y });

describe("the analysis board's variation tree", () => {
  it("keeps the line it was given as the main line and a new move as a branch beside it", () => {
    const t = new VariationTree([p(7, 7), p(8, 8), p(9, 9)]);
    expect(t.path(t.end(0))).toEqual([p(7, 7), p(8, 8), p(9, 9)]);
    const second = t.next(t.next(0));
    const branch = t.add(t.prev(second), p(6, 6));
    expect(t.path(branch)).toEqual([p(7, 7), p(6, 6)]);
    expect(t.inVariation(branch)).toBe(true);
    expect(t.inVariation(t.end(0))).toBe(false);
    // The main line is untouched; the branch is the second continuation.
    expect(t.nodes[t.prev(second)].children.map((c) => t.nodes[c].move)).toEqual([p(8, 8), p(6, 6)]);
    expect(t.path(t.end(0))).toEqual([p(7, 7), p(8, 8), p(9, 9)]);
  });

  it("playing a move that is already a continuation goes there instead of copying it", () => {
    const t = new VariationTree([p(7, 7), p(8, 8)]);
    const first = t.next(0);
    expect(t.add(first, p(8, 8))).toBe(t.next(first));
    expect(t.nodes).toHaveLength(3);
  });

  it("steps back and forth along the main continuation and stops at the ends", () => {
    const t = new VariationTree([p(1, 1), p(2, 2)]);
    expect(t.prev(0)).toBe(0);
    const end = t.end(0);
    expect(t.next(end)).toBe(end);
    expect(t.prev(t.prev(end))).toBe(0);
    expect(t.nodes[end].depth).toBe(2);
  });
});
