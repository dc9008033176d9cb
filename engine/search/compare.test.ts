// The fast searcher in plain mode must agree with the lecture's plain algorithms (engine/lecture)
// run over the same game (as-game.ts): same root value, and its move has that value.
import { describe, expect, it } from "vitest";
import { alphaBeta } from "../lecture/alphabeta";
import { minimax } from "../lecture/minimax";
import { GomokuGame } from "./as-game";
import { MATE_BOUND } from "./alphabeta";
import { think } from "./think";
import { picture } from "../../test/support/engine-positions";
import type { Position, Score } from "../types";

// `+ 0`: a score of zero may come out as −0 from one search's negation and +0 from the other's
// (toBe compares with Object.is); the values are equal.
const internal = (s: Score): number => (s.kind === "eval" ? s.value + 0 : s.kind === "win" ? 1e6 : -1e6);
const fromMax = (v: number): number => (v >= MATE_BOUND ? 1e6 : v <= -MATE_BOUND ? -1e6 : v + 0);

const positions: Array<[string, Position]> = [
  [
    "7×7 opening",
    picture(
      `
      . . . . . . .
      . . . . . . .
      . . x o . . .
      . . . x . . .
      . . o . . . .
      . . . . . . .
      . . . . . . .`,
      2,
    ),
  ],
  [
    "7×7 exact5 with threats",
    picture(
      `
      . . . . . . .
      . o . . . . .
      . . x x o . .
      . . x o . . .
      . . o x . . .
      . . . . x . .
      . . . . . . .`,
      2,
      "exact5",
    ),
  ],
  [
    "9×9 middle",
    picture(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . o . . . . .
      . . . x x o . . .
      . . . . x . . . .
      . . . o x . . . .
      . . . . o . . . .
      . . . . . . . . .
      . . . . . . . . .`,
      1,
    ),
  ],
];

describe("think (plain) = alpha-beta / minimax at equal depth", () => {
  for (const [name, pos] of positions) {
    for (const depth of [1, 2, 3]) {
      it(`${name}, depth ${depth}`, () => {
        const game = new GomokuGame(pos);
        const ab = alphaBeta(game, game.initialState(), { maxDepth: depth });
        const r = think(pos, { maxDepth: depth }, { plain: true });
        expect(internal(r.score)).toBe(fromMax(ab.value));
        // The chosen move has the root value.
        const chosen = game.result(game.initialState(), game.cell(r.move!));
        const sub = alphaBeta(game, chosen, { maxDepth: depth - 1 });
        expect(fromMax(sub.value)).toBe(fromMax(ab.value));
        // Every root score is exact: compare a few with alpha-beta below that move.
        for (const rs of r.rootScores.slice(0, 4)) {
          const s = game.result(game.initialState(), game.cell(rs.move));
          expect(internal(rs.score)).toBe(fromMax(alphaBeta(game, s, { maxDepth: depth - 1 }).value));
        }
        if (depth <= 2) expect(fromMax(minimax(game, game.initialState(), { maxDepth: depth }).value)).toBe(fromMax(ab.value));
      });
    }
  }
});

describe("think (plain) with exact scores for the best K root moves only", () => {
  for (const [name, pos] of positions) {
    for (const depth of [2, 3]) {
      it(`${name}, depth ${depth}, K = 3: the exact ones equal alpha-beta, the bounds hold`, () => {
        const game = new GomokuGame(pos);
        const k = 3;
        const r = think(pos, { maxDepth: depth, exactRootScores: k }, { plain: true });
        const all = think(pos, { maxDepth: depth, exactRootScores: true }, { plain: true });
        expect(internal(r.score)).toBe(internal(all.score));
        expect(r.rootScores.length).toBe(all.rootScores.length);
        const exact = r.rootScores.filter((rs) => !rs.bound);
        const bounds = r.rootScores.filter((rs) => rs.bound);
        expect(exact.length).toBeGreaterThanOrEqual(Math.min(k, r.rootScores.length));
        expect(r.rootScores[0].bound).toBeUndefined();
        const kth = exact.map((rs) => internal(rs.score)).sort((a, b) => b - a)[k - 1] ?? -Infinity;
        for (const rs of r.rootScores) {
          const child = game.result(game.initialState(), game.cell(rs.move));
          const truth = fromMax(alphaBeta(game, child, { maxDepth: depth - 1 }).value);
          if (rs.bound) {
            expect(rs.bound).toBe("upper");
            expect(internal(rs.score)).toBeGreaterThanOrEqual(truth); // a true upper bound
            expect(internal(rs.score)).toBeLessThanOrEqual(kth); // never above the K-th exact score
          } else expect(internal(rs.score)).toBe(truth); // exact
        }
        // The K best moves (by their true scores) are among the exact ones.
        const truthOf = new Map(all.rootScores.map((rs) => [`${rs.move.x},${rs.move.y}`, internal(rs.score)]));
        const kthTrue = [...truthOf.values()].sort((a, b) => b - a)[k - 1];
        for (const rs of bounds) expect(truthOf.get(`${rs.move.x},${rs.move.y}`)!).toBeLessThanOrEqual(kthTrue);
        if (depth === 3) expect(bounds.length).toBeGreaterThan(0);
      });
    }
  }
});
