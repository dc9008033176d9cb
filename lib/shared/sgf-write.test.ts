// SGF out (./sgf-write) read back by our reader (./sgf) and by Sabaki's @sabaki/sgf 3.4, a maintained
// independent implementation (issue 27: "opens in another tool's format").
import { describe, expect, it } from "vitest";
import { parseSgf } from "./sgf";
import { writeSgf, writeSgfCollection, writeSgfTree, type SgfGameOut } from "./sgf-write";
import { sabaki, sabakiMainLine } from "../../test/support/sabaki";

const game: SgfGameOut = {
  id: "g-1",
  size: 15,
  rule: "renju",
  opening: [
    { x: 7, y: 7, color: 1 },
    { x: 8, y: 7, color: 2 },
  ],
  moves: [
    { x: 6, y: 6, color: 1, timeMs: 780, score: { kind: "eval", value: 120 } },
    { x: 9, y: 9, color: 2, timeMs: 1203, score: { kind: "loss", plies: 7 } },
    { x: 5, y: 5, color: 1 },
  ],
  black: "pbrain-one] \\ evil",
  white: "李白",
  result: "black",
  reason: "resign",
  date: "2024-05-01T10:00:00.000Z",
};

describe("SGF export (issue 27)", () => {
  it("writes FF[4] GM[4] with the rule, size, players, result, date; our reader gets the same game back", () => {
    const text = writeSgf(game, { scores: true });
    expect(text).toMatch(/^\(;GM\[4\]FF\[4\]CA\[UTF-8\]AP\[GomokuArena\]SZ\[15\]RU\[4\]/);
    expect(text).toContain("RE[B+R]");
    expect(text).toContain("DT[2024-05-01]");
    expect(text).toContain("C[780ms\nscore +120 (mover)]");
    const [back] = parseSgf(text);
    expect(back).toMatchObject({ size: 15, rule: "renju", names: [game.black, game.white], date: "2024-05-01", result: "B+R" });
    expect(back.opening).toEqual(game.opening);
    expect(back.moves).toEqual([
      { x: 6, y: 6, timeMs: 780 },
      { x: 9, y: 9, timeMs: 1203 },
      { x: 5, y: 5, timeMs: 0 },
    ]);
  });

  it("Sabaki's parser reads the same game: properties, setup stones and moves", () => {
    const [root] = sabaki.parse(writeSgf(game, { scores: true }));
    expect(root.data).toMatchObject({ GM: ["4"], FF: ["4"], SZ: ["15"], RU: ["4"], PB: [game.black], PW: [game.white], RE: ["B+R"], DT: ["2024-05-01"] });
    expect(root.data.AB).toEqual(["hh"]);
    expect(root.data.AW).toEqual(["ih"]);
    const moves = sabakiMainLine(root)
      .slice(1)
      .map((n) => n.data.B?.[0] ?? `W:${n.data.W?.[0]}`);
    expect(moves).toEqual(["gg", "W:jj", "ff"]);
  });

  it("a collection of games is several trees in one file, for both readers", () => {
    const games = [game, { ...game, id: "g-2", result: "draw" as const, date: null }, { ...game, id: "g-3", rule: "freestyle" as const, opening: [] }];
    const text = writeSgfCollection(games);
    expect(parseSgf(text)).toHaveLength(3);
    expect(sabaki.parse(text)).toHaveLength(3);
    expect(sabaki.parse(text)[1].data.RE).toEqual(["0"]);
  });

  it("an analysis tree's variations are SGF variations (main line first)", () => {
    const p = (x: number, y: number) => ({ x, y });
    const nodes = [
      { move: null, children: [1] },
      { move: p(7, 7), children: [2, 3] },
      { move: p(8, 8), children: [4] },
      { move: p(6, 6), children: [] },
      { move: p(9, 9), children: [] },
    ];
    const text = writeSgfTree({ size: 15, rule: "freestyle", opening: [], black: "Black", white: "White", result: null }, { nodes }, 1);
    expect(text).toContain(";B[hh](;W[ii];B[jj])(;W[gg]))");
    const [root] = sabaki.parse(text);
    const first = root.children[0];
    expect(first.data.B).toEqual(["hh"]);
    expect(first.children.map((c) => c.data.W[0])).toEqual(["ii", "gg"]);
    expect(parseSgf(text)[0].moves.map((m) => [m.x, m.y])).toEqual([
      [7, 7],
      [8, 8],
      [9, 9],
    ]);
  });
});
