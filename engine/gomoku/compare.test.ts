// The fast searcher in plain mode must agree with the lecture's plain algorithms (engine/search)
// run over the same game (as-game.ts): same root value, and its move has that value.
import { describe, expect, it } from "vitest";
import { alphaBeta } from "../search/alphabeta";
import { minimax } from "../search/minimax";
import { GomokuGame } from "./as-game";
import { MATE_BOUND } from "./search";
import { think } from "./think";
import { picture } from "../../test/support/engine-positions";
import type { Position, Score } from "../types";

const internal = (s: Score): number => (s.kind === "eval" ? s.value : s.kind === "win" ? 1e6 : -1e6);
const fromMax = (v: number): number => (v >= MATE_BOUND ? 1e6 : v <= -MATE_BOUND ? -1e6 : v);

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
