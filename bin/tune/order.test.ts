// The move-ordering fit: labels reproducible from the games, a fit that ranks the labelled moves at
// least as well as it started, and the engine's quiet moves ordered by the weights file.
import { describe, expect, it } from "vitest";
import { Board } from "../../engine/board/board";
import { GEN_ALL, QUIET_LIMIT, generateMoves, isQuietLevel, quietOrderScore, threatLevel } from "../../engine/board/movegen";
import { ORDER_WEIGHTS } from "../../engine/eval/order-weights";
import { HAND_ORDER, orderLabels, runOrderFit } from "./order";
import { playGame, type SelfPlaySpec } from "./selfplay";

const spec: SelfPlaySpec = { size: 11, rule: "freestyle", games: 6, seed: 3, nodes: 150, radius: 2 };

describe("tune order", () => {
  it("labels the same positions with the same moves from the same games", () => {
    const games = Array.from({ length: 3 }, (_, i) => playGame(spec, i));
    const a = [...orderLabels(games, 300, 2, 12)];
    expect(a.length).toBeGreaterThan(3);
    expect([...orderLabels(games, 300, 2, 12)]).toEqual(a);
    for (const l of a) expect(l.ply).toBeGreaterThanOrEqual(games.find((g) => g.i === l.g)!.opening);
  });

  it("fits values and reports the labelled moves' ranks before and after", () => {
    const games = Array.from({ length: 6 }, (_, i) => playGame(spec, i));
    const labels = [...orderLabels(games, 300, 1, 60)];
    const lines: string[] = [];
    const w = runOrderFit(games, labels, { iters: 60, holdoutMod: 3, l2: 1e-4, out: null, log: (s) => lines.push(s) });
    expect(lines.join("\n")).toMatch(/before \(today's values\), held out: top 1/);
    expect(lines.join("\n")).toMatch(/after \(fitted\), held out: top 1/);
    expect(w.length).toBe(36);
    expect(w.every(Number.isFinite)).toBe(true);
  });

  it("orders the engine's quiet moves by the weights file (today: the hand-set ordering)", () => {
    const b = new Board(15, "freestyle");
    for (const [x, y, c] of [
      [7, 7, 1],
      [8, 8, 2],
      [7, 8, 1],
      [9, 9, 2],
    ] as const)
      b.make(b.index(x, y), c);
    const moves = new Int16Array(256);
    const scores = new Int32Array(256);
    const n = generateMoves(b, 1, GEN_ALL, moves, scores, 0, new Int32Array(2048), 0, -1, -1, -1);
    let quiet = 0;
    for (let i = 0; i < n; i++) {
      const q = moves[i];
      const my = threatLevel(b, q, 1);
      const their = threatLevel(b, q, 2);
      if (!isQuietLevel(my, their)) continue;
      quiet++;
      let s = ORDER_WEIGHTS.levelOwn[my] + ORDER_WEIGHTS.levelOpp[their];
      for (let d = 0; d < 4; d++) s += ORDER_WEIGHTS.own[b.pat[q * 4 + d] & 15] + ORDER_WEIGHTS.opp[b.pat[q * 4 + d] >> 4];
      expect(quietOrderScore(b, q, 1, my, their)).toBe(s);
      // The hand-set file is the engine's ordering as it was: levels plus PATTERN_VALUE for both sides.
      expect(s).toBe(HAND_ORDER.levelOwn[my] + HAND_ORDER.levelOpp[their] + b.cellScore[q * 2] + b.cellScore[q * 2 + 1]);
      expect(s).toBeLessThan(QUIET_LIMIT);
      expect(scores[i]).toBe(quietOrderScore(b, q, 1, my, their));
    }
    expect(quiet).toBeGreaterThan(10);
  });
});
