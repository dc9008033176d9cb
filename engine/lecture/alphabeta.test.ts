import { describe, expect, it } from "vitest";
import { alphaBeta, buildTree, minimax, recordTrace, treeGame, type TraceEvent } from "./index";
import { AIMA_FIG_5_5, EXERCISE_TREE } from "./lecture";

describe("AIMA figure 5.5: [[3,12,8],[2,4,6],[14,5,2]]", () => {
  const game = treeGame(AIMA_FIG_5_5);

  it("minimax: value 3 by the first move, every one of the 13 nodes visited", () => {
    const r = minimax(game);
    expect(r).toEqual({ value: 3, action: 0, stats: { nodes: 13, leaves: 9 } });
  });

  it("alpha-beta: value 3, and only C's 4 and 6 are pruned", () => {
    // B = min(3,12,8) = 3 → α = 3 at A. C: first leaf 2 gives β = 2 ≤ α = 3, so C's loop stops
    // before 4 and 6. D: 14, 5, 2 lower β to 2 on its last leaf: nothing is left to skip.
    const r = alphaBeta(game);
    expect(r.value).toBe(3);
    expect(r.action).toBe(0);
    expect(r.stats.cuts).toEqual([{ at: [1], skipped: [1, 2], alpha: 3, beta: 2 }]);
    expect(r.stats.nodes).toBe(11);
    expect(r.stats.leaves).toBe(7);
  });

  it("the trace tells C's story: enter, leaf 2, β drops to 2, cut, exits as a bound ≤ 2", () => {
    const t = recordTrace();
    alphaBeta(game, undefined, { trace: t.trace });
    const atC = t.events.filter((e) => e.path.length >= 1 && e.path[0] === 1);
    expect(atC.map((e) => e.type)).toEqual(["enter", "enter", "leaf", "exit", "backup", "bound", "cut", "exit", "backup"]);
    expect(atC[0]).toEqual({ type: "enter", path: [1], kind: "MIN", depth: 1, alpha: 3, beta: Infinity });
    expect(atC[5]).toEqual({ type: "bound", path: [1], bound: "beta", from: Infinity, to: 2 });
    expect(atC[6]).toMatchObject({ type: "cut", path: [1], skipped: [1, 2], alpha: 3, beta: 2 });
    // Fail-hard: C returns α = 3, and the trace says its true value is only known to be ≤ 2.
    expect(atC[7]).toEqual({ type: "exit", path: [1], value: 3, bound: "upper", best: 2 });
  });
});

describe("the three-level exercise [[[3,11],[2,13,7,8,6]],[[0,4,5],[1,15]]] (MAX, MIN, MAX, leaves)", () => {
  const game = treeGame(EXERCISE_TREE);

  it("minimax: MAXes 11, 13 | 5, 15 → MINs 11 | 5 → root 11, all 19 nodes", () => {
    expect(minimax(game)).toEqual({ value: 11, action: 0, stats: { nodes: 19, leaves: 12 } });
  });

  it("alpha-beta: the same value, two cuts", () => {
    // Root MAX (−∞, +∞)
    //   [0] MIN (−∞, +∞)
    //     [0,0] MAX (−∞, +∞): 3 → α 3, 11 → α 11; returns 11.          MIN [0]: β = 11
    //     [0,1] MAX (−∞, 11): 2 → α 2, 13 → α 13 ≥ β 11: CUT, 7, 8, 6 (children 2, 3, 4) never seen;
    //           fail-hard returns β = 11.                               MIN [0]: β stays 11, returns 11
    //   root: α = 11 (first child is best)
    //   [1] MIN (11, +∞)
    //     [1,0] MAX (11, +∞): 0, 4, 5 never beat α 11; fail-hard returns 11.
    //           MIN [1]: β = 11 ≤ α 11: CUT, [1,1] = [1,15] (child 1) never seen. Returns α = 11.
    //   root: 11 does not beat α = 11, the first move stays best. Value 11.
    // Visited: root, [0], [0,0], 3, 11, [0,1], 2, 13, [1], [1,0], 0, 4, 5 = 13 of 19 nodes.
    const r = alphaBeta(game);
    expect(r.value).toBe(minimax(game).value);
    expect(r.value).toBe(11);
    expect(r.action).toBe(0);
    expect(r.stats.cuts).toEqual([
      { at: [0, 1], skipped: [2, 3, 4], alpha: 13, beta: 11 },
      { at: [1], skipped: [1], alpha: 11, beta: 11 },
    ]);
    expect(r.stats.nodes).toBe(13);
    expect(r.stats.leaves).toBe(7);
  });
});

describe("traces", () => {
  const paths = (events: TraceEvent[], type: TraceEvent["type"]) => events.filter((e) => e.type === type).map((e) => e.path.join(","));

  it("every node is entered once and exited once, nested, and skipped children are never entered", () => {
    const t = recordTrace();
    const r = alphaBeta(treeGame(EXERCISE_TREE), undefined, { trace: t.trace });
    const entered = paths(t.events, "enter");
    expect(entered.length).toBe(r.stats.nodes);
    expect(new Set(entered).size).toBe(entered.length);
    expect(paths(t.events, "exit").sort()).toEqual([...entered].sort());
    const stack: string[] = [];
    for (const e of t.events) {
      if (e.type === "enter") stack.push(e.path.join(","));
      else if (e.type === "exit") expect(stack.pop()).toBe(e.path.join(","));
      else if (e.type !== "backup") expect(stack.at(-1)).toBe(e.path.join(",")); // leaf, bound, cut: the open node
    }
    for (const c of r.stats.cuts) for (const i of c.skipped) expect(entered).not.toContain([...c.at, i].join(","));
    expect(t.events.at(-1)).toEqual({ type: "exit", path: [], value: 11 });
  });

  it("minimax's trace backs every child up, and its root exit carries the value", () => {
    const t = recordTrace();
    minimax(treeGame(AIMA_FIG_5_5), undefined, { trace: t.trace });
    expect(t.events.filter((e) => e.type === "backup").length).toBe(12);
    expect(t.events.at(-1)).toEqual({ type: "exit", path: [], value: 3 });
  });
});

describe("depth limits", () => {
  const game = treeGame({
    max: [
      { min: [3, 12], h: 7 },
      { min: [2, 40], h: 1 },
    ],
    h: 9,
  });

  it("stops at maxDepth and values the frontier by evaluate", () => {
    expect(minimax(game, undefined, { maxDepth: 1 })).toMatchObject({ value: 7, action: 0 });
    expect(alphaBeta(game, undefined, { maxDepth: 1 })).toMatchObject({ value: 7, action: 0 });
    expect(alphaBeta(game, undefined, { maxDepth: 2 })).toMatchObject({ value: 3, action: 0 });
    expect(minimax(game, undefined, { maxDepth: 0 })).toEqual({ value: 9, action: null, stats: { nodes: 1, leaves: 1 } });
  });

  it("fails clearly when the game cannot evaluate", () => {
    const { evaluate: _, ...noEval } = treeGame(AIMA_FIG_5_5);
    expect(() => alphaBeta(noEval, undefined, { maxDepth: 1 })).toThrow(/no evaluate/);
    expect(() => minimax(noEval, undefined, { maxDepth: -1 })).toThrow(/maxDepth/);
  });

  it("a MIN root gets its best action too", () => {
    const g = treeGame(buildTree({ levels: ["MIN", "MAX"], tree: [[5, 9], [4, 1], [6]] }));
    expect(minimax(g)).toMatchObject({ value: 4, action: 1 });
    expect(alphaBeta(g)).toMatchObject({ value: 4, action: 1 });
  });

  it("refuses chance nodes (those are expectimax's)", () => {
    expect(() => alphaBeta(treeGame({ chance: [1, 2] }))).toThrow(/expectimax/);
    expect(() => minimax(treeGame({ chance: [1, 2] }))).toThrow(/expectimax/);
  });
});
