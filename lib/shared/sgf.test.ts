import { describe, expect, it } from "vitest";
import { ImportError } from "./psq";
import { looksLikeSgf, parseSgf } from "./sgf";
import { importGames } from "./replay/movetext";

// As a Gomocup manager writes a match: two games in one file, times in comments, CRLF.
const MATCH = [
  "(;GM[4]FF[4]SZ[20]RU[0]PB[pbrain-embryo21_s]PW[pbrain-rapfi21]RE[W+]TM[180000]",
  ";B[jj]C[780ms];W[ki]C[1203ms];B[kj]C[15ms];W[ij]C[2s]",
  ";B[lj];W[ii];B[ji];W[hi];B[li];W[gi];B[mi];W[fi]C[11ms])",
  "(;GM[4]FF[4]SZ[20]RU[0]PB[pbrain-rapfi21]PW[pbrain-embryo21_s]",
  ";B[aa];W[tt];B[ba];W[ts];B[ca];W[tr];B[da];W[tq];B[ea])",
  "",
].join("\r\n");

const at = (f: () => unknown): ImportError => {
  try {
    f();
  } catch (e) {
    if (e instanceof ImportError) return e;
    throw e;
  }
  throw new Error("no error");
};

describe("SGF", () => {
  it("reads a Gomocup match file: two games on 20×20, names, rule, times", () => {
    expect(looksLikeSgf(MATCH)).toBe(true);
    expect(looksLikeSgf("8,8,0")).toBe(false);
    const games = parseSgf(MATCH);
    expect(games).toHaveLength(2);
    const [a, b] = games;
    expect(a).toMatchObject({ index: 1, line: 1, column: 1, size: 20, rule: "freestyle", names: ["pbrain-embryo21_s", "pbrain-rapfi21"], result: "W+" });
    expect(a.moves).toHaveLength(12);
    expect(a.moves[0]).toEqual({ x: 9, y: 9, timeMs: 780 });
    expect(a.moves[1]).toEqual({ x: 10, y: 8, timeMs: 1203 });
    expect(a.moves[3].timeMs).toBe(2000);
    expect(a.moves[4].timeMs).toBe(0);
    expect(b).toMatchObject({ index: 2, line: 4, size: 20 });
    // t is the 20th column: tt is a real point on 20×20, the far corner.
    expect(b.moves[1]).toEqual({ x: 19, y: 19, timeMs: 0 });
    expect(b.moves).toHaveLength(9);
  });

  it("rule words and codes, SZ with a colon, escapes and whitespace in values", () => {
    const g = parseSgf("  (\n ; GM[4] SZ [15:15] RU[Renju] PB[a \\] b] PW[x\\\\y]\n C[a comment\\\nthat goes on] ; B [hh] ; W[ig] )")[0];
    expect(g.rule).toBe("renju");
    expect(g.size).toBe(15);
    expect(g.names).toEqual(["a ] b", "x\\y"]);
    expect(g.moves.map((m) => [m.x, m.y])).toEqual([
      [7, 7],
      [8, 6],
    ]);
    expect(parseSgf("(;RU[1];B[hh])")[0].rule).toBe("exact5");
    expect(parseSgf("(;RU[standard];B[hh])")[0].rule).toBe("exact5");
    expect(parseSgf("(;B[hh])")[0]).toMatchObject({ size: 15, rule: null, names: null });
  });

  it("setup stones (AB/AW) are the opening; the side to move follows them", () => {
    const g = parseSgf("(;SZ[15]AB[hh][ii]AW[hi];W[gg];B[jj])")[0];
    expect(g.opening).toEqual([
      { x: 7, y: 7, color: 1 },
      { x: 8, y: 8, color: 1 },
      { x: 7, y: 8, color: 2 },
    ]);
    expect(g.moves).toHaveLength(2);
  });

  it("follows the main line of a file with variations", () => {
    const g = parseSgf("(;SZ[15];B[hh](;W[ii];B[jj])(;W[aa]))")[0];
    expect(g.moves.map((m) => `${m.x},${m.y}`)).toEqual(["7,7", "8,8", "9,9"]);
  });

  it("refuses passes and empty moves with where they are", () => {
    let e = at(() => parseSgf("(;SZ[15];B[hh];W[])"));
    expect([e.line, e.column]).toEqual([1, 17]); // the "[" of the value
    expect(e.message).toContain("a pass (an empty move) is not a Gomoku move");
    e = at(() => parseSgf("(;SZ[19]\n;B[jj]\n;W[tt])"));
    expect([e.line, e.column]).toEqual([3, 3]);
    expect(e.message).toMatch(/pass/);
  });

  it("says what is wrong and where: line and column", () => {
    const cases: Array<[string, number, number, RegExp]> = [
      ["(;SZ[15];B[hh];W[zz])", 1, 17, /"zz" is off the 15×15 board/],
      ["(;SZ[15];B[hh];W[h8])", 1, 17, /"h8" is not a point/],
      ["(;SZ[15];B[hh];B[ii])", 1, 15, /it is white's turn/],
      ["(;SZ[15]\n;B[hh]\n;W[hh])", 3, 3, /already taken \(line 2, column 3\)/],
      ["(;SZ[15];B[hh];W[ii])\n(;SZ[21];B[hh])", 2, 5, /21×21 board is not supported/],
      ["(;GM[1]SZ[19];B[pd])", 1, 5, /GM\[1\] is not a Gomoku game/],
      ["(;SZ[15]RU[8];B[hh])", 1, 11, /RU\[8\] is not a rule we play/],
      ["(;SZ[15];B[hh];W[ii]", 1, 1, /never closed/],
      ["(;SZ[15];B[hh", 1, 11, /"]" is missing/],
      ["(;SZ[15];B[hh;W[ii])", 1, 11, /"hh;W\[ii" is not a point/],
      ["(;SZ[15];B[hh]) junk", 1, 17, /expected "\(" to start a game/],
      ["(;SZ[15]B;[hh])", 1, 9, /property B has no value/],
      ["(;SZ[15];B[aa];W[ha];B[ab];W[hb];B[ac];W[hc];B[ad];W[hd];B[ae];W[he])", 1, 65, /move 10: the game was already won/],
    ];
    for (const [text, line, column, re] of cases) {
      const e = at(() => parseSgf(text));
      expect(e.message, text).toMatch(re);
      expect([e.line, e.column], text).toEqual([line, column]);
    }
  });

  it("importGames: an SGF file is its games; PSQ and move strings one game", () => {
    expect(importGames(MATCH, { size: 15, rule: "freestyle" }).map((g) => [g.format, g.size, g.moves.length])).toEqual([
      ["sgf", 20, 12],
      ["sgf", 20, 9],
    ]);
    expect(importGames("Piskvorky 20x20, 11:11, 0\n20,20,0\n1,1,5\n", { size: 15, rule: "freestyle" })[0]).toMatchObject({ format: "psq", size: 20 });
    expect(importGames("h8 t20", { size: 20, rule: "freestyle" })[0].moves[1]).toEqual({ x: 19, y: 0, timeMs: 0 });
  });
});
