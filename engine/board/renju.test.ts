// Renju forbidden points, table-driven: each diagram has black (x), white (o), empty (.) and the
// point asked about (?). The diagram is placed in the middle of a 15×15 board (or at its top-left
// corner with `edge`), so the board's edge only matters where a case says so. Every case is asked
// twice: through the plain-data rules (forbiddenReason) and through the search's board
// (forbiddenOnBoard with its pattern pre-check), which must agree.
import { describe, expect, it } from "vitest";
import { cellsOf, forbiddenPoints, forbiddenReason, replay, ReplayError, winningLine, type Forbidden } from "../rules";
import type { Stone } from "../types";
import { Board } from "./board";
import { boardOf } from "./position";
import { DOUBLE_FOUR, DOUBLE_THREE, OVERLINE } from "./renju";
import { forbiddenOnBoard } from "./renju-board";

const SIZE = 15;
type Answer = Forbidden | null;
interface Case {
  name: string;
  want: Answer;
  rows: string[];
  edge?: boolean;
}

function setUp(c: Case) {
  const h = c.rows.length;
  const w = Math.max(...c.rows.map((r) => r.length));
  const ox = c.edge ? 0 : Math.floor((SIZE - w) / 2);
  const oy = c.edge ? 0 : Math.floor((SIZE - h) / 2);
  const stones: Stone[] = [];
  let ask: { x: number; y: number } | null = null;
  c.rows.forEach((row, y) =>
    [...row].forEach((ch, x) => {
      if (ch === "x") stones.push({ x: x + ox, y: y + oy, color: 1 });
      else if (ch === "o") stones.push({ x: x + ox, y: y + oy, color: 2 });
      else if (ch === "?") ask = { x: x + ox, y: y + oy };
    }),
  );
  if (!ask) throw new Error(`${c.name}: no ?`);
  return { stones, ask: ask as { x: number; y: number } };
}

const CASES: Case[] = [
  // ── overline ──
  { name: "six in a row, the gap filled", want: "overline", rows: ["xxx?xx"] },
  { name: "six in a row, other gap", want: "overline", rows: ["xx?xxx"] },
  { name: "six by extending five's neighbour gap", want: "overline", rows: ["xxxx?x"] },
  { name: "seven in a row", want: "overline", rows: ["xxx?xxx"] },
  { name: "exactly five is a win", want: null, rows: ["xxxx?"] },
  { name: "exactly five, gap filled", want: null, rows: ["xx?xx"] },
  { name: "five with a white stone next to it", want: null, rows: ["oxx?xxo"] },
  { name: "vertical overline", want: "overline", rows: ["x", "x", "?", "x", "x", "x"] },
  { name: "diagonal overline", want: "overline", rows: ["x.....", ".x....", "..?...", "...x..", "....x.", ".....x"] },
  {
    name: "overline together with a five on another line: the five wins",
    want: null,
    rows: ["...x...", "...x...", "...x...", "...x...", "xxx?xx.", "......."],
  },
  // ── double four ──
  { name: "4-4 across two lines", want: "double-four", rows: ["...x...", "...x...", "...x...", "xxx?...", "......."] },
  { name: "4-4 with both fours closed by white", want: "double-four", rows: ["....o", "....x", "....x", "....x", "oxxx?", "....."] },
  { name: "4-4 on one line: x.xxx.x", want: "double-four", rows: ["x.x?x.x"] },
  { name: "4-4 on one line: xx.xx.xx", want: "double-four", rows: ["xx.?x.xx"] },
  { name: "4-4 on one line: xxx.x.xxx", want: "double-four", rows: ["xxx.?.xxx"] },
  { name: "straight four alone is one four", want: null, rows: ["..xx?x.."] },
  { name: "4-4 on a diagonal and a column", want: "double-four", rows: ["x..x", ".x.x", "..xx", "...?", "...."] },
  { name: "a four blocked at both ends is no four: 4 and nothing", want: null, rows: ["...x..", "...x..", "...x..", "oxx?xo", "......"] },
  { name: "4-3 is allowed", want: null, rows: ["......", "....x.", "....x.", "oxxx?.", "......", "......"] },
  { name: "4-4-4 is a double four", want: "double-four", rows: ["x..x...", ".x.x...", "..xx...", "xxx?...", "......."] },
  // ── double three ──
  { name: "3-3: row and column", want: "double-three", rows: [".....", "...x.", "...x.", ".xx?.", ".....", "....."] },
  { name: "3-3: split three and column", want: "double-three", rows: ["......", "....x.", "....x.", ".x.x?.", "......", "......"] },
  { name: "3-3: two diagonals", want: "double-three", rows: [".......", ".x...x.", "..x.x..", "...?...", ".......", "......."] },
  { name: "3-3-3 is a double three", want: "double-three", rows: [".......", ".x.x.x.", "..xxx..", "...?...", ".......", "......."] },
  { name: "3-3 with a white stone two cells away still open", want: "double-three", rows: [".......", "....x..", "....x..", "..xx?.o", ".......", "......."] },
  { name: "false three: closed by white at one end", want: null, rows: [".......", "....x..", "....x..", ".oxx?..", ".......", "......."] },
  { name: "false three: white at both distances", want: null, rows: [".......", "....x..", "....x..", "o.xx?.o", ".......", "......."] },
  {
    name: "false three: its only straight four would be an overline",
    want: null,
    rows: ["........", ".....x..", ".....x..", "x..xx?.o", "........", "........"],
  },
  { name: "false three: overline on both sides (x.xx.x)", want: null, rows: ["......", "...x..", "...x..", "x.x?.x", "......", "......"] },
  { name: "not a three: x..xx cannot become four in a row", want: null, rows: [".....", "....x", "....x", "x..x?", ".....", "....."] },
  { name: "a 'three' that is a four (x.xx?): 4-3, allowed", want: null, rows: [".......", "....x..", "....x..", "x.xx?..", ".......", "......."] },
  { name: "three against the edge is no three", edge: true, want: null, rows: [".......", "xx?....", "..x....", "..x....", ".......", "......."] },
  {
    name: "3-3 against the edge when the threes are open",
    edge: true,
    want: "double-three",
    rows: [".......", ".xx?...", "...x...", "...x...", ".......", "......."],
  },
  {
    name: "recursive: a three whose four-point is an overline point is false",
    want: null,
    rows: ["......", "....x.", "....xx", "o.xx?.", ".....x", ".....x", ".....x", ".....x", "......"],
  },
  {
    name: "recursive control: the same without the overline stone is 3-3",
    want: "double-three",
    rows: ["......", "....x.", "....x.", "o.xx?.", ".....x", ".....x", ".....x", ".....x", "......"],
  },
  {
    name: "recursive: a three whose four-point is a double four is false",
    want: null,
    rows: ["..........", "....x.....", "....x.....", "o.xx?.....", ".....x....", ".....x....", ".....x....", ".....o....", ".........."],
  },
  // ── five beats everything ──
  { name: "five with a double four: a win", want: null, rows: ["x..x...", ".x.x...", "..xx...", ".xx?xx.", "......."] },
  { name: "five with a double three: a win", want: null, rows: ["x.x..", ".xx..", "xx?xx", ".....", "....."] },
  { name: "five at the board's edge", edge: true, want: null, rows: ["xx?xx.", "......"] },
  { name: "six at the board's edge", edge: true, want: "overline", rows: ["xx?xxx", "......"] },
  // ── quiet points ──
  { name: "a lone stone", want: null, rows: ["...", ".?x", "..."] },
  { name: "two twos", want: null, rows: ["....", ".x..", "..?x", "...."] },
  { name: "three and a two", want: null, rows: [".....", "..x..", ".xx?.", "....."] },
];

const reasonOf = (k: number): Answer => (k === DOUBLE_THREE ? "double-three" : k === DOUBLE_FOUR ? "double-four" : k === OVERLINE ? "overline" : null);

describe("renju forbidden points (table)", () => {
  it("has at least 40 diagrams", () => expect(CASES.length).toBeGreaterThanOrEqual(40));
  for (const c of CASES) {
    it(`${c.name}: ${c.want ?? "allowed"}`, () => {
      const { stones, ask } = setUp(c);
      const cells = cellsOf(SIZE, stones);
      expect(forbiddenReason(SIZE, cells, ask)).toBe(c.want);
      const b = boardOf({ size: SIZE, rule: "renju", stones, toMove: 1 });
      const before = Array.from(b.cells);
      expect(reasonOf(forbiddenOnBoard(b, b.index(ask.x, ask.y)))).toBe(c.want);
      expect(Array.from(b.cells)).toEqual(before); // the check leaves the board as it found it
    });
  }
});

describe("renju wins and replays", () => {
  const row = (xs: number[], color: 1 | 2): Stone[] => xs.map((x) => ({ x, y: 7, color }));
  it("white's overline wins, black's does not", () => {
    const six = [2, 3, 4, 5, 6, 7];
    expect(winningLine(SIZE, "renju", cellsOf(SIZE, row(six, 2)), { x: 4, y: 7 }, 2)).toHaveLength(6);
    expect(winningLine(SIZE, "renju", cellsOf(SIZE, row(six, 1)), { x: 4, y: 7 }, 1)).toBeNull();
    expect(winningLine(SIZE, "renju", cellsOf(SIZE, row([2, 3, 4, 5, 6], 1)), { x: 4, y: 7 }, 1)).toHaveLength(5);
  });
  it("the search board: black's overline point is no five, white's is", () => {
    const b = new Board(SIZE, "renju");
    for (const x of [2, 3, 4, 6, 7]) b.make(b.index(x, 7), 1);
    for (const x of [2, 3, 4, 6, 7]) b.make(b.index(x, 9), 2);
    b.make(b.index(8, 7), 1);
    b.make(b.index(8, 9), 2);
    expect(b.isFive(b.index(5, 7), 1)).toBe(false);
    expect(b.isFive(b.index(5, 9), 2)).toBe(true);
    expect(b.recomputeCheck()).toBeNull();
  });
  it("replay refuses a forbidden black move with its reason", () => {
    // Black: h8 g8 (no), build a 3-3 at (7,7): row (5,7),(6,7) and column (7,5),(7,6).
    const moves = [
      { x: 5, y: 7 },
      { x: 0, y: 0 },
      { x: 6, y: 7 },
      { x: 0, y: 2 },
      { x: 7, y: 5 },
      { x: 0, y: 4 },
      { x: 7, y: 6 },
      { x: 0, y: 6 },
      { x: 7, y: 7 },
    ];
    expect(() => replay(SIZE, "freestyle", [], moves)).not.toThrow();
    let err: unknown = null;
    try {
      replay(SIZE, "renju", [], moves);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ReplayError);
    expect((err as ReplayError).index).toBe(8);
    expect((err as ReplayError).reason).toBe("FORBIDDEN");
    expect((err as ReplayError).message).toMatch(/double three/);
  });
  it("forbiddenPoints lists every forbidden point with its reason", () => {
    const { stones } = setUp(CASES.find((c) => c.name === "3-3: row and column")!);
    const pts = forbiddenPoints(SIZE, cellsOf(SIZE, stones));
    expect(pts.length).toBeGreaterThan(0);
    for (const p of pts) expect(forbiddenReason(SIZE, cellsOf(SIZE, stones), p)).toBe(p.reason);
  });
});
