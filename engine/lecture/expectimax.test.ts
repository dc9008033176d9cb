import { describe, expect, it } from "vitest";
import { expectimax, minimax, recordTrace, treeGame } from "./index";
import { AIMA_FIG_5_5, EXPECTIMAX_EXAMPLE } from "./lecture";

describe("expectimax", () => {
  it("the lecture's example: ½·8 + ⅓·24 + ⅙·(−12) = 4 + 8 − 2 = 10", () => {
    const r = expectimax(treeGame(EXPECTIMAX_EXAMPLE));
    expect(r.value).toBeCloseTo(10, 12);
    expect(r.action).toBeNull(); // a chance root has no move to choose
    expect(r.stats).toEqual({ nodes: 4, leaves: 3 });
  });

  it("MAX over chance nodes picks the best expectation; uniform when no p is given", () => {
    // levels MAX, CHANCE: [3, 5] averages 4, [0, 10] averages 5.
    const g = treeGame({
      levels: ["MAX", "CHANCE"],
      tree: [
        [3, 5],
        [0, 10],
      ],
    } as never);
    expect(expectimax(g)).toMatchObject({ value: 5, action: 1 });
  });

  it("expectiminimax: MIN nodes minimise", () => {
    const g = treeGame({
      chance: [
        { p: 0.25, node: { min: [4, 8] } },
        { p: 0.75, node: { max: [0, 8] } },
      ],
    });
    expect(expectimax(g).value).toBe(0.25 * 4 + 0.75 * 8);
  });

  it("without chance nodes it is minimax", () => {
    const g = treeGame(AIMA_FIG_5_5);
    expect(expectimax(g)).toEqual(minimax(g));
  });

  it("traces carry each branch's probability and the running expectation", () => {
    const t = recordTrace();
    expectimax(treeGame(EXPECTIMAX_EXAMPLE), undefined, { trace: t.trace });
    const backups = t.events.filter((e) => e.type === "backup");
    expect(backups.map((e) => e.type === "backup" && e.probability)).toEqual([1 / 2, 1 / 3, 1 / 6]);
    expect(backups.map((e) => e.type === "backup" && e.parentValue)).toEqual([4, 12, expect.closeTo(10, 12)]);
  });

  it("rejects a game whose probabilities do not sum to 1", () => {
    const g = { ...treeGame({ chance: [1, 2] }), probability: () => 0.4 };
    expect(() => expectimax(g)).toThrow(/sum to 1/);
  });
});
