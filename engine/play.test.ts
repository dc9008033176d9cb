import { describe, expect, it } from "vitest";
import { play, type PlaySettings } from "./play";
import { replay } from "./rules";
import type { Color, Point } from "./types";

describe("play(): one entry for every player", () => {
  it("dispatches on algo (default alpha-beta) and refuses an unknown one", () => {
    const pos = { size: 9, rule: "freestyle" as const, stones: [{ x: 4, y: 4, color: 1 as Color }], toMove: 2 as Color };
    expect(play(pos, { maxDepth: 2 }).top).toBeUndefined();
    expect(play(pos, { algo: "mcts", maxIterations: 200 }).top!.length).toBeGreaterThan(0);
    expect(play(pos, { algo: "casual", maxDepth: 2 }).move).not.toBeNull();
    expect(() => play(pos, { algo: "nope" as never })).toThrow(/unknown algo/);
  });

  for (const [name, black, white] of [
    ["alpha-beta (depth 2) vs MCTS", { algo: "alphabeta", maxDepth: 2 }, { algo: "mcts", maxIterations: 300, seed: 9 }],
    ["MCTS vs casual", { algo: "mcts", maxIterations: 300, seed: 4 }, { algo: "casual", maxDepth: 2 }],
  ] as Array<[string, PlaySettings, PlaySettings]>) {
    it(`${name} on 9×9 plays to the end, legally`, () => {
      const moves: Point[] = [];
      for (;;) {
        const { position, outcome } = replay(9, "freestyle", [], moves);
        if (outcome.winner || outcome.full) break;
        const r = play(position, position.toMove === 1 ? black : white);
        expect(r.move, `ply ${moves.length + 1}`).not.toBeNull();
        moves.push(r.move!);
        expect(moves.length).toBeLessThanOrEqual(81);
      }
      const { outcome } = replay(9, "freestyle", [], moves); // throws on an illegal move
      expect(outcome.winner !== null || outcome.full).toBe(true);
    }, 60_000);
  }
});
