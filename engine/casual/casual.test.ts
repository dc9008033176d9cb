import { describe, expect, it } from "vitest";
import { casual, CasualSearcher } from "./casual";
import { CasualGame } from "./game";
import { expectimax } from "../lecture";
import { BLOCK_FOUR, WIN_IN_ONE } from "../../test/support/engine-positions";
import { labOpening } from "../rules";
import type { Point, Position } from "../types";

const key = (p: Point | null) => (p ? `${p.x},${p.y}` : "null");

const tiny: Position = {
  size: 9,
  rule: "freestyle",
  stones: [
    { x: 4, y: 4, color: 1 },
    { x: 3, y: 3, color: 2 },
    { x: 5, y: 4, color: 1 },
    { x: 4, y: 3, color: 2 },
  ],
  toMove: 1,
};

describe("casual (expectimax) player", () => {
  it("takes a win in one", () => {
    const r = casual(WIN_IN_ONE, { timeMs: 200 });
    expect(key(r.move)).toBe("6,4");
    expect(r.score).toEqual({ kind: "win", plies: 1 });
  });

  it("blocks a four", () => {
    const r = casual(BLOCK_FOUR, { timeMs: 200 });
    expect(key(r.move)).toBe("6,4");
  });

  it("its values equal engine/lecture's expectimax over the same model (tiny position, depth 1–3)", () => {
    for (const randomness of [0, 0.3, 1]) {
      const model = { randomness, width: 4, chanceWidth: 3 };
      const game = new CasualGame(tiny, model);
      const fast = new CasualSearcher(tiny, model);
      const root = game.initialState();
      const actions = game.actions(root);
      expect(actions).toEqual(fast.rootMoves(tiny.toMove));
      for (let depth = 1; depth <= 3; depth++) {
        const plain = actions.map((a) => expectimax(game, game.result(root, a), { maxDepth: depth - 1 }).value);
        const mine = actions.map((a) => fast.valueOfMove(a, tiny.toMove, depth, 1));
        for (let i = 0; i < actions.length; i++) expect(mine[i], `p=${randomness} depth=${depth} move ${i}`).toBeCloseTo(plain[i], 9);
        // And the root: the generic search's best value and move are the casual player's.
        const whole = expectimax(game, root, { maxDepth: depth });
        expect(whole.value).toBeCloseTo(Math.max(...mine), 9);
        const r = casual(tiny, { maxDepth: depth, ...model });
        expect(r.depth).toBe(depth);
        expect(r.move).toEqual({ x: game.board.xOf(whole.action!), y: game.board.yOf(whole.action!) });
      }
    }
  });

  it("p = 0: the opponent is the one-ply-greedy player; p = 1: a uniform average", () => {
    const det = new CasualGame(tiny, { randomness: 0, width: 3, chanceWidth: 3 });
    const s = det.result(det.initialState(), det.actions(det.initialState())[0]);
    const replies = det.actions(s);
    const probs = replies.map((a) => det.probability(s, a));
    expect(probs.filter((p) => p === 1)).toHaveLength(1);
    expect(probs.filter((p) => p === 0)).toHaveLength(2);
    const greedy = replies[probs.indexOf(1)];
    expect(expectimax(det, s, { maxDepth: 1 }).value).toBe(det.evaluate(det.result(s, greedy)));
    const rnd = new CasualGame(tiny, { randomness: 1, width: 3, chanceWidth: 3 });
    const s2 = rnd.result(rnd.initialState(), rnd.actions(rnd.initialState())[0]);
    const all = rnd.actions(s2);
    expect(all.map((a) => rnd.probability(s2, a))).toEqual([1 / 3, 1 / 3, 1 / 3]);
    const mean = all.reduce((t, a) => t + rnd.evaluate(rnd.result(s2, a)) / 3, 0);
    expect(expectimax(rnd, s2, { maxDepth: 1 }).value).toBeCloseTo(mean, 9);
  });

  it("is deterministic under a depth limit and answers within timeMs", () => {
    const pos: Position = { size: 15, rule: "freestyle", stones: labOpening(15), toMove: 1 };
    const a = casual(pos, { maxDepth: 3 });
    const b = casual(pos, { maxDepth: 3 });
    expect({ ...a, timeMs: 0 }).toEqual({ ...b, timeMs: 0 });
    expect(a.rootScores.length).toBeGreaterThan(1);
    expect(a.rootScores[0].move).toEqual(a.move);
    // The deadline, not the depth cap, ends a search given 5 ms: it stops short of the depth the cap allows (5, what it
    // reaches without a deadline), on any machine (a slower or busier one only stops sooner), and still has a move.
    const t0 = performance.now();
    const r = casual(pos, { timeMs: 5, maxDepth: 5 });
    expect(performance.now() - t0).toBeLessThan(5_000); // only a search that ignores its deadline runs this long
    expect(r.depth).toBeLessThan(casual(pos, { maxDepth: 5 }).depth);
    expect(r.move).not.toBeNull();
  });
});
