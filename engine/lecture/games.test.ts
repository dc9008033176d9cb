import { describe, expect, it } from "vitest";
import { alphaBeta, lectureNodeRatios, minimax, nim, ticTacToe } from "./index";

describe("nim with 4 stones (take 1 or 2, who cannot move loses)", () => {
  it("the first player (MAX) wins by taking 1, by both algorithms; alpha-beta visits fewer nodes", () => {
    const mm = minimax(nim(4));
    const ab = alphaBeta(nim(4));
    expect(mm).toMatchObject({ value: 1, action: 1 });
    expect(ab).toMatchObject({ value: 1, action: 1 });
    expect(ab.stats.nodes).toBeLessThan(mm.stats.nodes);
  });

  it("3 and 6 stones are lost for the side to move", () => {
    expect(minimax(nim(3)).value).toBe(-1);
    expect(alphaBeta(nim(6)).value).toBe(-1);
  });
});

describe("tic-tac-toe", () => {
  it("is a draw, by both algorithms; alpha-beta visits fewer nodes", () => {
    const mm = minimax(ticTacToe());
    const ab = alphaBeta(ticTacToe());
    expect(mm.value).toBe(0);
    expect(ab.value).toBe(0);
    expect(mm.stats.nodes).toBe(549946); // the well-known size of the full game tree
    expect(ab.stats.nodes).toBeLessThan(mm.stats.nodes);
  });

  it("finds the win: X to move with x x . in the top row", () => {
    const g = ticTacToe([1, 1, 0, 2, 2, 0, 0, 0, 0]);
    expect(alphaBeta(g)).toMatchObject({ value: 1, action: 2 });
  });

  it("O to move (a MIN root) blocks", () => {
    const g = ticTacToe([1, 1, 0, 0, 2, 0, 0, 0, 0]);
    expect(minimax(g).action).toBe(2);
    expect(alphaBeta(g).action).toBe(2);
  });

  it("plays depth-limited with its evaluate", () => {
    const r = alphaBeta(ticTacToe(), undefined, { maxDepth: 2 });
    expect(r.action).toBe(4); // the centre keeps the most lines open
  });
});

describe("lectureNodeRatios", () => {
  it("reports both counts for every lecture game, alpha-beta never above minimax", () => {
    const rows = lectureNodeRatios();
    expect(rows.map((r) => r.game)).toEqual(["AIMA figure 5.5", "three-level exercise", "nim 4", "tic-tac-toe"]);
    expect(rows.slice(0, 2)).toEqual([
      { game: "AIMA figure 5.5", minimaxNodes: 13, alphaBetaNodes: 11 },
      { game: "three-level exercise", minimaxNodes: 19, alphaBetaNodes: 13 },
    ]);
    for (const r of rows) expect(r.alphaBetaNodes).toBeLessThan(r.minimaxNodes);
  });
});
