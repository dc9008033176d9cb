import { describe, expect, it } from "vitest";
import { labOpening, replay } from "../../engine/rules";
import { ImportError, openingAsMoves, parsePsq, writePsq } from "./psq";

const err = (fn: () => unknown): ImportError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ImportError) return e;
    throw e;
  }
  throw new Error("no error thrown");
};

describe("PSQ", () => {
  it("writes Piskvork's format: header, 1-based x,y,time, names, end code", () => {
    const text = writePsq({
      size: 15,
      rule: "freestyle",
      opening: [],
      moves: [
        { x: 7, y: 7, timeMs: 0 },
        { x: 8, y: 6, timeMs: 1203 },
      ],
      black: "AI 1 s",
      white: "Human",
    });
    expect(text.split("\n")).toEqual(["Piskvorky 15x15, 11:11, 0", "8,8,0", "9,7,1203", "AI 1 s", "Human", "-1", "GomokuArena rule=freestyle opening=0", ""]);
  });

  it("records renju and refuses a renju file whose black move is forbidden", () => {
    // Black builds (5,7) (6,7) (7,5) (7,6); (7,7) would be its double three.
    const build = [
      [5, 7],
      [0, 0],
      [6, 7],
      [0, 2],
      [7, 5],
      [0, 4],
      [7, 6],
      [0, 6],
    ].map(([x, y]) => ({ x, y, timeMs: 0 }));
    const ok = parsePsq(writePsq({ size: 15, rule: "renju", opening: [], moves: [...build, { x: 9, y: 9, timeMs: 0 }], black: "A", white: "B" }));
    expect(ok.rule).toBe("renju");
    expect(ok.moves).toHaveLength(9);
    const text = writePsq({ size: 15, rule: "renju", opening: [], moves: [...build, { x: 7, y: 7, timeMs: 0 }], black: "A", white: "B" });
    expect(err(() => parsePsq(text)).message).toMatch(/8,8: forbidden for black \(double three\)/);
    expect(parsePsq(text.replace("rule=renju", "rule=freestyle")).moves).toHaveLength(9);
  });

  it("round-trips moves, times, names, rule and the lab opening", () => {
    const opening = labOpening(11);
    const moves = [
      { x: 3, y: 3, timeMs: 10 },
      { x: 9, y: 9, timeMs: 250 },
      { x: 0, y: 10, timeMs: 3 },
    ];
    const g = parsePsq(writePsq({ size: 11, rule: "exact5", opening, moves, black: "A", white: "B" }));
    expect(g.size).toBe(11);
    expect(g.rule).toBe("exact5");
    expect(g.names).toEqual(["A", "B"]);
    expect(g.moves).toEqual(moves);
    // Same stones, same colours (the opening is written alternating black/white).
    const key = (s: { x: number; y: number; color: number }) => `${s.x},${s.y},${s.color}`;
    expect(g.opening.map(key).sort()).toEqual(opening.map(key).sort());
    expect(openingAsMoves(opening).map((s) => s.color)).toEqual([1, 2, 1, 2]);
  });

  it("round-trips a settled swap2 opening and refuses one that does not fit the moves", () => {
    const moves = [
      { x: 7, y: 7, timeMs: 0 },
      { x: 8, y: 7, timeMs: 0 },
      { x: 7, y: 8, timeMs: 0 },
      { x: 9, y: 9, timeMs: 0 },
      { x: 6, y: 6, timeMs: 0 },
      { x: 2, y: 2, timeMs: 900 },
    ];
    const text = writePsq({
      size: 15,
      rule: "renju",
      opening: [],
      moves,
      black: "Ann",
      white: "Bo",
      swap2: { first: "place", second: "white", at: "2026-11-25T00:00:00.000Z" },
    });
    expect(text).toContain("GomokuArena rule=renju opening=0 swap2=place/white\n");
    const g = parsePsq(text);
    expect(g.swap2).toEqual({ first: "place", second: "white" });
    expect(g.moves).toEqual(moves);
    expect(parsePsq(writePsq({ size: 15, rule: "freestyle", opening: [], moves, swap2: { first: "black" } })).swap2).toEqual({ first: "black" });
    // An unsettled opening is not written; a game without swap2 reads without it.
    expect(writePsq({ size: 15, rule: "freestyle", opening: [], moves: moves.slice(0, 3), swap2: {} })).not.toContain("swap2");
    expect(parsePsq(writePsq({ size: 15, rule: "freestyle", opening: [], moves })).swap2).toBeUndefined();

    const bad =
      (trailer: string, n = 6) =>
      () =>
        parsePsq(["Piskvorky 15x15, 11:11, 0", ...moves.slice(0, n).map((m) => `${m.x + 1},${m.y + 1},0`), "A", "B", "-1", trailer].join("\n"));
    expect(bad("GomokuArena rule=freestyle opening=0 swap2=place")).toThrow(/line 11, column 44: swap2="place" is not a settled swap2 opening/);
    expect(bad("GomokuArena rule=freestyle opening=0 swap2=black/white")).toThrow(/not a settled swap2 opening/);
    expect(bad("GomokuArena rule=freestyle opening=0 swap2=place/black", 4)).toThrow(/needs the opening's 5 stones, but the file has 4 moves/);
    expect(bad("GomokuArena rule=freestyle opening=2 swap2=white")).toThrow(/opening= must be 0/);
  });

  it("reads real Piskvork/Gomocup files: CRLF, a 20x20-less header, no time, names, end code, extra lines", () => {
    const text = "Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\n9,9\r\n 8 , 9 , 15\r\n\r\npbrain-a.exe\r\npbrain-b.exe\r\n-1\r\n1,Freestyle\r\n";
    const g = parsePsq(text);
    expect(g.size).toBe(15);
    expect(g.rule).toBeNull();
    expect(g.moves).toEqual([
      { x: 7, y: 7, timeMs: 0 },
      { x: 8, y: 8, timeMs: 0 },
      { x: 7, y: 8, timeMs: 15 },
    ]);
    expect(g.names).toEqual(["pbrain-a.exe", "pbrain-b.exe"]);
  });

  it("takes a file without header (size from the moves) and an end code right after the moves", () => {
    const g = parsePsq("8,8,0\n16,16,0\n-1\n");
    expect(g.size).toBe(19);
    expect(g.moves).toHaveLength(2);
  });

  it("refuses bad input with the line and column of the problem", () => {
    let e = err(() => parsePsq("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,x,0\n"));
    expect([e.line, e.column]).toEqual([3, 3]);
    expect(e.message).toMatch(/^line 3, column 3: unexpected "x"/);

    e = err(() => parsePsq("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,16,0\n"));
    expect([e.line, e.column]).toEqual([3, 3]);
    expect(e.message).toContain("y = 16 is off the 15×15 board");

    e = err(() => parsePsq("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n 8,8,0\n"));
    expect([e.line, e.column]).toEqual([4, 2]);
    expect(e.message).toContain("already taken (line 2)");

    e = err(() => parsePsq("Piskvorky 15x20, 11:11, 0\n"));
    expect(e.message).toMatch(/^line 1, column 11: the board is 15×20/);

    e = err(() => parsePsq("Piskvorky 25x25, 11:11, 0\n1,1,0\n"));
    expect(e.message).toContain("25×25 board is not supported");

    e = err(() => parsePsq("hello world\n"));
    expect(e.message).toMatch(/^line 1, column 1: expected a header/);

    e = err(() => parsePsq("\n\nPiskvorky 15x15, 11:11, 0\n8,,0\n"));
    expect([e.line, e.column]).toEqual([4, 3]);

    // A move after five in a row.
    const won = ["1,1", "1,2", "2,1", "2,2", "3,1", "3,2", "4,1", "4,2", "5,1", "6,6"].map((l) => `${l},0`).join("\n");
    e = err(() => parsePsq(`Piskvorky 15x15, 11:11, 0\n${won}\n`));
    expect(e.line).toBe(11);
    expect(e.message).toContain("already won by black (line 10)");
  });

  it("treats an overline followed by more moves as a standard (exactly five) game", () => {
    // Black: a1 b1 c1 e1 f1, then d1 makes six (no win under exact5); the game goes on.
    const xs = [
      [1, 1],
      [1, 5],
      [2, 1],
      [2, 5],
      [3, 1],
      [3, 5],
      [5, 1],
      [4, 7],
      [6, 1],
      [9, 9],
      [4, 1],
      [10, 10],
    ];
    const g = parsePsq("Piskvorky 15x15, 11:11, 0\n" + xs.map(([x, y]) => `${x},${y},0`).join("\n") + "\n");
    expect(g.rule).toBe("exact5");
    expect(() => replay(15, "exact5", [], g.moves)).not.toThrow();
  });
});
