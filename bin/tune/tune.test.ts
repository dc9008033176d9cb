// The evaluation tuner: seeded data generation, the fit lowering the loss, the engine reading the
// fitted weights.
import { describe, expect, it } from "vitest";
import { Board } from "../../engine/board/board";
import { EVAL_OPP, EVAL_OWN } from "../../engine/eval/evaluate";
import { EVAL_WEIGHTS } from "../../engine/eval/weights";
import { COMBO_ID, COMBO_OPP, COMBO_OWN, N_COMBOS, TABLE_OPP, TABLE_OWN, linearValue } from "../../engine/eval/pattern-eval";
import { PATTERN_DELTA } from "../../engine/eval/pattern-weights";
import { NP, extractPatterns, fitCorrections, patternLoss, searchLabels } from "./pattern-fit";
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

  it("the engine's evaluation uses the weights files", () => {
    expect(Array.from(EVAL_OWN)).toEqual(EVAL_WEIGHTS.own);
    expect(Array.from(EVAL_OPP)).toEqual(EVAL_WEIGHTS.opp);
    // A black stone in the middle of an empty 11×11 board (the pattern sums are kept up to PATTERN_EVAL_MAX_SIZE): black has only BLOCK1/FLEX1 cells.
    const b = new Board(11, "freestyle");
    b.make(b.index(5, 5), 1);
    // The linear evaluation, and the pattern-combination tables built from it plus the corrections.
    const linear = (side: number) => {
      let v = 0;
      for (let p = 1; p <= 8; p++) v += EVAL_WEIGHTS.own[p] * b.cnt[side * 16 + p] - EVAL_WEIGHTS.opp[p] * b.cnt[(3 - side) * 16 + p];
      return v;
    };
    const tables = (side: number) => {
      let v = 0;
      for (const q of b.boardCells) if (b.cells[q] === 0) v += TABLE_OWN[b.codeOf(q, side - 1)] - TABLE_OPP[b.codeOf(q, 2 - side)];
      return v;
    };
    // The board reads the linear weights unless told to read the tables (the full-strength search does).
    for (const side of [1, 2]) expect(b.evaluate(side)).toBe(linear(side));
    b.readPatterns(true);
    for (const side of [1, 2]) expect(b.evaluate(side)).toBe(tables(side));
    expect(tables(1)).not.toBe(linear(1));
    // Larger boards keep no sums, so they never read them.
    const big = new Board(15, "freestyle");
    big.make(big.index(7, 7), 1);
    big.readPatterns(true);
    expect(big.patternEval).toBe(false);
    for (let id = 0; id < N_COMBOS; id++) {
      expect(COMBO_OWN[id] - (PATTERN_DELTA.own[id] ?? 0)).toBe(linearValue(id, EVAL_WEIGHTS.own, EVAL_WEIGHTS.own43, EVAL_WEIGHTS.own33));
      expect(COMBO_OPP[id] - (PATTERN_DELTA.opp[id] ?? 0)).toBe(linearValue(id, EVAL_WEIGHTS.opp, EVAL_WEIGHTS.opp43, EVAL_WEIGHTS.opp33));
    }
    // The combination id does not depend on the order of the four directions: an open three and a four.
    expect(COMBO_ID[6 * 1000 + 7 * 100]).toBe(COMBO_ID[7 * 10 + 6]);
    expect(COMBO_ID[6 * 1000 + 7 * 100]).not.toBe(COMBO_ID[6 * 10 + 6]);
  });

  it("fits pattern-combination corrections to search labels, lowering the loss", () => {
    const games = Array.from({ length: 6 }, (_, i) => playGame(spec, i));
    const labels = [...searchLabels(games, 300, 2)];
    expect(labels.length).toBeGreaterThan(10);
    const s = extractPatterns(games, new Map(labels.map((l) => [`${l.size}/${l.i}/${l.ply}`, l.v])));
    expect(s.n).toBe(labels.length);
    const all = new Uint8Array(s.n).fill(1);
    for (let i = 0; i < s.n; i++) s.y[i] = 0.5 * s.y[i] + 0.5 / (1 + Math.exp(-0.0005 * s.search[i]));
    const before = patternLoss(s, all, new Float64Array(NP), 0.0005);
    const t = fitCorrections(s, all, 0.0005, 60, 1e-6);
    expect(patternLoss(s, all, t, 0.0005)).toBeLessThan(before);
  });
});
