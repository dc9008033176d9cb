import { describe as group, expect, it } from "vitest";
import { alphaBeta, minimax, nim, recordTrace, type TraceEvent } from "@/engine/lecture";
import { buildSteps, nodeCounts, snapshotAt, type Algorithm, type StepModel } from "./steps";
import { gameOf, minAsChance, pathKey, preset, sortTree } from "./tree";
import { sayIn } from "@/test/i18n/translate";

/** The steps speak through the catalogue (learn.steps): these checks read the English. */
const en = sayIn("en");

const last = <T>(xs: T[]) => xs[xs.length - 1];

/** Every event of the trace belongs to exactly one step, in order: the steps are the trace, regrouped. */
function expectStepsCoverTrace(m: StepModel) {
  expect(m.steps[0]).toMatchObject({ kind: "start", from: 0, to: 0 });
  let at = 0;
  for (const s of m.steps.slice(1)) {
    expect(s.from).toBe(at);
    expect(s.to).toBeGreaterThan(s.from);
    at = s.to;
  }
  expect(at).toBe(m.events.length);
}

/** The engine's own trace, recorded independently of the step model. */
function traceOf(root: ReturnType<typeof preset>["root"], algo: "minimax" | "alphabeta"): TraceEvent[] {
  const t = recordTrace();
  (algo === "minimax" ? minimax : alphaBeta)(gameOf(root), undefined, { trace: t.trace });
  return t.events;
}

group("AIMA figure 5.5 with alpha-beta", () => {
  const tree = preset("aima");
  const m = buildSteps(tree.root, "alphabeta");

  it("is driven by the engine's trace: the same events, every one in exactly one step", () => {
    expect(m.events).toEqual(traceOf(tree.root, "alphabeta"));
    expectStepsCoverTrace(m);
  });

  it("ends with the root's value 3", () => {
    expect(m.value).toBe(3);
    const end = last(m.steps);
    expect(end).toMatchObject({ kind: "exit", path: [] });
    expect(en(end.narration)).toMatch(/root A is worth 3/);
    const snap = snapshotAt(m, m.steps.length - 1);
    expect(snap.nodes.get("")).toMatchObject({ state: "done", value: 3 });
    expect(snap.stack).toEqual([]);
  });

  it("has exactly one cut, at C = [1], skipping its children 4 and 6", () => {
    const cuts = m.steps.filter((s) => s.kind === "cut");
    expect(cuts).toHaveLength(1);
    expect(cuts[0].path).toEqual([1]);
    expect(m.cuts).toEqual([expect.objectContaining({ path: [1], skipped: [1, 2], alpha: 3, beta: 2 })]);
    expect(en(cuts[0].cutText)).toBe("β ≤ α: 2 ≤ 3, so C's remaining children 4 and 6 are never examined.");
    const snap = snapshotAt(m, m.steps.length - 1);
    const cutLeaves = [...snap.nodes].filter(([, v]) => v.state === "cut").map(([k]) => k);
    expect(cutLeaves.sort()).toEqual(["1,1", "1,2"]);
  });

  it("counts 11 nodes for alpha-beta against minimax's 13, and the snapshot counter agrees", () => {
    expect(m.nodes).toBe(11);
    expect(nodeCounts(tree.root)).toEqual({ minimax: 13, alphabeta: 11, expectimax: 13 });
    expect(snapshotAt(m, m.steps.length - 1).visited).toBe(11);
  });

  it("narrates C: its window, β dropping to 2, and the fail-hard return", () => {
    const atC = m.steps.filter((s) => pathKey(s.path) === "1");
    expect(atC.map((s) => s.kind)).toEqual(["enter", "backup", "cut", "exit"]);
    expect(en(atC[0].narration)).toMatch(/α = 3, β = \+∞/);
    expect(en(atC[1].narration)).toMatch(/MIN lowers β from \+∞ to 2/);
    expect(en(atC[3].narration)).toMatch(/worth at most 2.*returns 3/);
    const afterExit = snapshotAt(m, m.steps.indexOf(atC[3]));
    expect(afterExit.nodes.get("1")).toMatchObject({ state: "done", value: 3, bound: "upper", best: 2 });
  });
});

group("the three-level exercise", () => {
  const tree = preset("exercise");

  it("alpha-beta: two cuts, [0,1] skips 7, 8, 6 and C = [1] skips its second MAX child; value 11", () => {
    const m = buildSteps(tree.root, "alphabeta");
    expect(m.events).toEqual(traceOf(tree.root, "alphabeta"));
    expectStepsCoverTrace(m);
    expect(m.value).toBe(11);
    expect(m.cuts.map((c) => [c.path, c.skipped])).toEqual([
      [
        [0, 1],
        [2, 3, 4],
      ],
      [[1], [1]],
    ]);
    expect(en(m.cuts[0].text)).toBe("α ≥ β: 13 ≥ 11, so E's remaining children 7, 8 and 6 are never examined.");
    expect(en(m.cuts[1].text)).toBe("β ≤ α: 11 ≤ 11, so C's remaining child G is never examined.");
    const snap = snapshotAt(m, m.steps.length - 1);
    const cut = [...snap.nodes].filter(([, v]) => v.state === "cut").map(([k]) => k);
    expect(cut.sort()).toEqual(["0,1,2", "0,1,3", "0,1,4", "1,1", "1,1,0", "1,1,1"]);
    expect(snap.visited).toBe(13);
  });

  it("minimax: every node, no cut, value 11", () => {
    const m = buildSteps(tree.root, "minimax");
    expect(m.events).toEqual(traceOf(tree.root, "minimax"));
    expectStepsCoverTrace(m);
    expect(m.value).toBe(11);
    expect(m.steps.some((s) => s.kind === "cut")).toBe(false);
    expect(snapshotAt(m, m.steps.length - 1).visited).toBe(19);
  });
});

group("expectimax", () => {
  it("the lecture's chance node: ½·8 + ⅓·24 + ⅙·(−12) = 10", () => {
    const m = buildSteps(preset("expectimax").root, "expectimax");
    expectStepsCoverTrace(m);
    expect(m.value).toBeCloseTo(10, 9);
    const backups = m.steps.filter((s) => s.kind === "backup");
    expect(backups.map((s) => en(s.narration))).toEqual([
      expect.stringMatching(/probability 1\/2: 1\/2 · 8 = 4, so the expectation so far is 4\./),
      expect.stringMatching(/probability 1\/3: 1\/3 · 24 = 8, so the expectation so far is 12\./),
      expect.stringMatching(/probability 1\/6: 1\/6 · −12 = −2, so the expectation so far is 10\./),
    ]);
    expect(snapshotAt(m, m.steps.length - 1).nodes.get("")?.value).toBeCloseTo(10, 9);
  });

  it("treating MIN as chance: AIMA's MIN nodes average their leaves (23/3, 4, 7) and MAX takes 23/3", () => {
    const m = buildSteps(minAsChance(preset("aima").root), "expectimax");
    expect(m.value).toBeCloseTo(23 / 3, 9);
  });

  it("minimax and alpha-beta do not apply to chance trees: only expectimax is counted", () => {
    expect(nodeCounts(preset("expectimax").root)).toEqual({ expectimax: 4 });
  });
});

group("Nim with 4 stones", () => {
  const tree = preset("nim");

  it("is nim(4)'s whole game tree: the trace over the tree equals the trace over the Nim game", () => {
    for (const algo of ["minimax", "alphabeta"] as const) {
      const overGame = recordTrace();
      (algo === "minimax" ? minimax : alphaBeta)(nim(4), undefined, { trace: overGame.trace });
      expect(buildSteps(tree.root, algo).events).toEqual(overGame.events);
    }
  });

  it("MAX wins by taking 1 (leaving 3): value +1", () => {
    const m = buildSteps(tree.root, "minimax");
    expect(m.value).toBe(1);
    expect(en(last(m.steps).narration)).toMatch(/worth 1\. MAX's best move is to B \(−1\)/);
  });
});

group("the step model is consistent with the trace", () => {
  const cases: Array<[string, Algorithm]> = [
    ["aima", "alphabeta"],
    ["exercise", "alphabeta"],
    ["nim", "alphabeta"],
    ["aima", "minimax"],
  ];
  for (const [id, algo] of cases) {
    it(`${id}/${algo}: α and β shown at every open node equal the trace's last bound (or the enter window)`, () => {
      const m = buildSteps(preset(id as "aima").root, algo);
      for (let s = 0; s < m.steps.length; s++) {
        const snap = snapshotAt(m, s);
        const seen = m.events.slice(0, m.steps[s].to);
        // The open nodes are the entered-but-not-exited ones, in order.
        const open: string[] = [];
        for (const e of seen) {
          if (e.type === "enter") open.push(pathKey(e.path));
          if (e.type === "exit") open.pop();
        }
        expect(snap.stack.map(pathKey)).toEqual(open);
        for (const key of open) {
          const mine = seen.filter((e) => pathKey(e.path) === key);
          const enter = mine.find((e) => e.type === "enter") as Extract<TraceEvent, { type: "enter" }>;
          const lastBound = (b: "alpha" | "beta") =>
            mine.filter((e): e is Extract<TraceEvent, { type: "bound" }> => e.type === "bound" && e.bound === b).at(-1)?.to;
          const v = snap.nodes.get(key)!;
          expect(v.state).toBe("open");
          expect(v.alpha).toBe(lastBound("alpha") ?? enter.alpha);
          expect(v.beta).toBe(lastBound("beta") ?? enter.beta);
        }
        // Visited = enter events so far; the active node is the step's own.
        expect(snap.visited).toBe(seen.filter((e) => e.type === "enter").length);
        expect(snap.active).toEqual(m.steps[s].path);
      }
    });
  }
});

group("ordering children", () => {
  it("best-first on AIMA keeps the value and visits no more nodes (9 < 11); worst-first visits more", () => {
    const aima = preset("aima");
    const best = sortTree(aima, "best");
    const worst = sortTree(aima, "worst");
    const count = (t: typeof aima) => buildSteps(t.root, "alphabeta");
    const [a, b, w] = [count(aima), count(best), count(worst)];
    expect([a.value, b.value, w.value]).toEqual([3, 3, 3]);
    expect(b.nodes).toBeLessThanOrEqual(a.nodes);
    expect(b.nodes).toBe(9);
    expect(w.nodes).toBeGreaterThanOrEqual(a.nodes);
    expect(minimax(gameOf(best.root)).stats.nodes).toBe(13); // minimax always sees everything
    // Names travel with their nodes: B (value 3) is still first, its leaves now 3, 8, 12.
    expect(best.root.children.map((c) => c.name)).toEqual(["B", "C", "D"]);
    expect(best.root.children[0].children.map((c) => c.value)).toEqual([3, 8, 12]);
  });

  it("best-first never visits more nodes than the given order on the lecture trees", () => {
    for (const id of ["aima", "exercise", "nim"] as const) {
      const t = preset(id);
      expect(buildSteps(sortTree(t, "best").root, "alphabeta").nodes).toBeLessThanOrEqual(buildSteps(t.root, "alphabeta").nodes);
    }
  });
});

group("in Chinese (the lecture's terms)", () => {
  const zh = sayIn("zh-CN");
  it("AIMA's cut and the end read in Chinese, with the same numbers", () => {
    const m = buildSteps(preset("aima").root, "alphabeta");
    expect(zh(m.steps[0].narration)).toContain("α-β剪枝");
    expect(zh(m.cuts[0].text)).toBe("β ≤ α: 2 ≤ 3，所以 C 剩余的 2 个子节点 4 和 6 被剪枝，永远不会被搜索。");
    expect(zh(last(m.steps).narration)).toMatch(/^完成：根节点 A 的值为 3。MAX 的最佳着法是走向 B。α-β剪枝/);
  });
});
