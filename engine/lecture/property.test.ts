// Random trees: alpha-beta must agree with minimax and never work harder, its cut records
// must account exactly for the nodes it did not visit, and its trace's bounds must be true.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type TreeSpec, alphaBeta, buildTree, expectimax, minimax, nodeAt, recordTrace, treeGame, treeSize } from "./index";

// Depth 1..4, branching 1..4 (some branches end early in a leaf), small integer leaves so ties (β = α) are common.
const leaf = fc.integer({ min: -9, max: 9 });
const treeOfDepth = (d: number): fc.Arbitrary<TreeSpec> =>
  d === 0 ? leaf : fc.array(fc.oneof({ arbitrary: leaf, weight: 1 }, { arbitrary: treeOfDepth(d - 1), weight: 4 }), { minLength: 1, maxLength: 4 });
const randomTree = fc.integer({ min: 1, max: 4 }).chain(treeOfDepth);

describe("alpha-beta on random trees", () => {
  it("has minimax's root value and root action, never visits more nodes, and its cuts are exact", () => {
    fc.assert(
      fc.property(randomTree, fc.boolean(), (spec, minFirst) => {
        const tree = buildTree(spec, minFirst ? ["MIN", "MAX"] : ["MAX", "MIN"]);
        const game = treeGame(tree);
        const mm = minimax(game);
        const ab = alphaBeta(game);
        expect(ab.value).toBe(mm.value);
        expect(ab.action).toBe(mm.action); // both keep the first best child
        expect(ab.stats.nodes).toBeLessThanOrEqual(mm.stats.nodes);
        // Visited + every skipped subtree = the whole tree: the cut list is complete and exact.
        const skipped = ab.stats.cuts.reduce((t, c) => t + c.skipped.reduce((u, i) => u + treeSize(nodeAt(tree.root, [...c.at, i])!), 0), 0);
        expect(ab.stats.nodes + skipped).toBe(mm.stats.nodes);
        for (const c of ab.stats.cuts) expect(c.beta).toBeLessThanOrEqual(c.alpha);
        // Without chance nodes, expectimax is minimax.
        expect(expectimax(game).value).toBe(mm.value);
      }),
      { numRuns: 500 },
    );
  });

  it("every exit in the trace is the node's minimax value, or a true bound when marked so", () => {
    fc.assert(
      fc.property(randomTree, (spec) => {
        const tree = buildTree(spec);
        const t = recordTrace();
        alphaBeta(treeGame(tree), undefined, { trace: t.trace });
        for (const e of t.events) {
          if (e.type !== "exit") continue;
          const node = nodeAt(tree.root, e.path)!;
          // A subtree's own minimax value: its kind is fixed by its depth in the whole tree.
          const truth = minimax(treeGame({ root: node, levels: e.path.length % 2 ? ["MIN", "MAX"] : ["MAX", "MIN"] })).value;
          if (e.bound === "lower") expect(truth).toBeGreaterThanOrEqual(e.value);
          else if (e.bound === "upper") expect(truth).toBeLessThanOrEqual(e.value);
          else expect(e.value).toBe(truth);
          if (e.best !== undefined && e.bound === "upper") expect(truth).toBeLessThanOrEqual(Math.max(e.best, e.value));
        }
      }),
      { numRuns: 300 },
    );
  });
});
