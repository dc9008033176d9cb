// The evaluation tuner: seeded data generation, the fit lowering the loss, the engine reading the
// fitted weights.
import { describe, expect, it } from "vitest";
import { Board } from "../../engine/board/board";
import { EVAL_OPP, EVAL_OWN } from "../../engine/eval/evaluate";
import { EVAL_WEIGHTS } from "../../engine/eval/weights";
import { N_FEATURES, extract } from "./features";
import { fitK, fitTheta, handTheta, loss, splitByGame } from "./fit";
import { playGame, type SelfPlaySpec } from "./selfplay";

const spec: SelfPlaySpec = { size: 9, rule: "freestyle", games: 3, seed: 7, nodes: 80, radius: 2 };

describe("tune", () => {
  it("generates the same games from the same seed, other games from another", () => {
    const a = [0, 1, 2].map((i) => playGame(spec, i));
    const b = [0, 1, 2].map((i) => playGame(spec, i));
    expect(b).toEqual(a);
    for (const g of a) expect(g.moves.length).toBeGreaterThan(g.opening);
    const c = [0, 1, 2].map((i) => playGame({ ...spec, seed: 8 }, i));
    expect(c.map((g) => g.moves)).not.toEqual(a.map((g) => g.moves));
  });

  it("fits weights that lower the loss on generated positions", () => {
    const games = Array.from({ length: 8 }, (_, i) => playGame(spec, i));
    const s = extract(games);
    expect(s.n).toBeGreaterThan(20);
    const all = new Uint8Array(s.n).fill(1);
    const hand = handTheta();
    const K = fitK(s, all, hand);
    const before = loss(s, all, hand, K);
    const fitted = fitTheta(s, all, hand, K, 100);
    expect(loss(s, all, fitted, K)).toBeLessThan(before);
    const { train, test } = splitByGame(s, 0.3, 1);
    for (let i = 0; i < s.n; i++) expect(train[i] + test[i]).toBe(1);
  });

  it("fits a synthetic set whose labels follow a known weight", () => {
    // One feature matters (own FLEX3 count): the fit must move its weight up from the hand value.
    const n = 400;
    const x = new Float64Array(n * N_FEATURES);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const k = i % 5;
      x[i * N_FEATURES + 5] = k;
      y[i] = k >= 2 ? 1 : 0;
    }
    const s = { x, y, game: Int32Array.from({ length: n }, (_, i) => i), n };
    const all = new Uint8Array(n).fill(1);
    const start = new Float64Array(N_FEATURES);
    start[5] = 1;
    const fitted = fitTheta(s, all, start, 0.01, 300);
    expect(loss(s, all, fitted, 0.01)).toBeLessThan(loss(s, all, start, 0.01));
    expect(fitted[5]).toBeGreaterThan(start[5]);
  });

  it("the engine's evaluation uses the weights file", () => {
    expect(Array.from(EVAL_OWN)).toEqual(EVAL_WEIGHTS.own);
    expect(Array.from(EVAL_OPP)).toEqual(EVAL_WEIGHTS.opp);
    // One black stone in the middle of an empty 15×15 board: black has only BLOCK1/FLEX1 cells.
    const b = new Board(15, "freestyle");
    b.make(b.index(7, 7), 1);
    let own = 0;
    for (let p = 1; p <= 8; p++) own += EVAL_WEIGHTS.own[p] * b.cnt[16 + p] - EVAL_WEIGHTS.opp[p] * b.cnt[32 + p];
    expect(b.evaluate(1)).toBe(own);
    let opp = 0;
    for (let p = 1; p <= 8; p++) opp += EVAL_WEIGHTS.own[p] * b.cnt[32 + p] - EVAL_WEIGHTS.opp[p] * b.cnt[16 + p];
    expect(b.evaluate(2)).toBe(opp);
  });
});
