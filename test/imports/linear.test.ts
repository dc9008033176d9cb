// Reading a game file costs time in proportion to its size, whatever it holds (issue 25: a 4 KB PSQ
// of blanks stood the server still for 15 s, 256 KB of repeated SGF properties for 111 s). Each
// hostile shape is read at n and 8n: the time may grow 8×, and fails the test past 24× (quadratic
// growth would be 64×). Times are the least of several runs of a loop long enough to measure, the two
// sizes in turn, so a busy machine slows both sizes alike rather than failing the test. Runs in
// vitest's "timing" project. The shapes: test/support/hostile-imports.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ImportError } from "@/lib/shared/import-errors";
import { parsePsq, readMoveLine } from "@/lib/shared/psq";
import { MAX_SGF_DEPTH, parseSgf } from "@/lib/shared/sgf";
import { importGames } from "@/lib/shared/replay/movetext";
import { HOSTILE_SHAPES } from "../support/hostile-imports";

const read = (text: string) => {
  try {
    importGames(text, { size: 15, rule: "freestyle", maxGames: 200 });
  } catch (e) {
    if (!(e instanceof ImportError)) throw e;
  }
};

/** The time of one read, ms: `reps` reads in a row, divided. */
function once(text: string, reps: number): number {
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) read(text);
  return (performance.now() - t0) / reps;
}

/**
 * Time at n and 8n: the small size repeated until a round takes 20 ms, the large one an eighth as
 * often; the rounds of the two sizes alternate (a busy moment slows both), and each keeps its least.
 */
function growth(make: (n: number) => string, n: number): { small: number; large: number; ratio: number } {
  const smallText = make(n);
  const largeText = make(8 * n);
  read(smallText); // JIT warm-up
  read(largeText);
  let reps = 1;
  while (reps < 1 << 16 && once(smallText, reps) * reps < 20) reps *= 2;
  let small = Infinity;
  let large = Infinity;
  for (let round = 0; round < 7; round++) {
    small = Math.min(small, once(smallText, reps));
    large = Math.min(large, once(largeText, Math.max(1, Math.ceil(reps / 8))));
  }
  return { small, large, ratio: large / small };
}

const PSQ_HEADER = "Piskvorky 15x15, 11:11, 0\n";

describe("reading a game file is linear in its size", () => {
  for (const { name, make, n } of HOSTILE_SHAPES)
    it(name, () => {
      expect(make(8 * n).length).toBeLessThanOrEqual(256 * 1024);
      // Measured again (up to three times) only if over: noise passes on a second look, quadratic growth never does.
      let g = growth(make, n);
      for (let again = 0; again < 2 && g.ratio >= 24; again++) g = growth(make, n);
      expect(g.ratio, `n: ${g.small.toFixed(3)} ms, 8n: ${g.large.toFixed(3)} ms`).toBeLessThan(24);
    });
});

describe("bounds of an SGF file", () => {
  it("refuses nesting deeper than MAX_SGF_DEPTH with SGF_TOO_DEEP at the '(' too deep (it overflowed the stack: a 500)", () => {
    expect(() => parseSgf(`${"(;".repeat(MAX_SGF_DEPTH)}${")".repeat(MAX_SGF_DEPTH)}`)).not.toThrow();
    for (const depth of [MAX_SGF_DEPTH + 1, 100_000]) {
      let e: unknown;
      try {
        parseSgf(`${"(;".repeat(depth)}${")".repeat(depth)}`);
      } catch (err) {
        e = err;
      }
      expect(e).toBeInstanceOf(ImportError);
      expect(e).toMatchObject({ code: "SGF_TOO_DEEP", line: 1, column: 2 * MAX_SGF_DEPTH + 1, params: { max: MAX_SGF_DEPTH } });
    }
  });

  it("stops reading at the game after the cap: SGF_TOO_MANY_GAMES at its '(' (every game of 87,000 was read first)", () => {
    expect(parseSgf("(;)".repeat(200), "freestyle", 200)).toHaveLength(200);
    let e: unknown;
    try {
      // Game 202 onwards is not even well formed: reading stopped before it.
      parseSgf(`${"(;)".repeat(201)}(;B[zz])${"junk".repeat(1000)}`, "freestyle", 200);
    } catch (err) {
      e = err;
    }
    expect(e).toMatchObject({ code: "SGF_TOO_MANY_GAMES", line: 1, column: 601, params: { max: 200 } });
    expect((e as Error).message).toBe("line 1, column 601: the file holds more than 200 games: import at most 200 at a time (split the file)");
  });

  it("reads a value's escapes as before (values are now taken in slices)", () => {
    const g = parseSgf("(;PB[a\\]b\\\\c\\\r\nd\\\ne\\\rf]PW[\\x];B[hh])")[0];
    expect(g.names).toEqual(["a]b\\cdef", "x"]);
    expect(() => parseSgf("(;PB[abc\\")).toThrow(/never closed/);
  });

  it("keeps every value of a repeated property, in order", () => {
    const g = parseSgf("(;SZ[15]AB[aa]C[x]AB[bb][cc]AW[dd];W[hh])")[0];
    expect(g.opening.map((s) => [s.x, s.y, s.color])).toEqual([
      [0, 0, 1],
      [1, 1, 1],
      [2, 2, 1],
      [3, 3, 2],
    ]);
  });
});

describe("a PSQ move line, read by a scanner", () => {
  // The regular expression it replaces (it backtracked cubically on blanks), to check the scanner agrees.
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- the old expression itself, run on short strings only
  const OLD = /^\s*(-?\d+)\s*[,;\s]\s*(-?\d+)\s*(?:[,;\s]\s*(-?\d+)\s*)?$/;
  const oldRead = (line: string) => {
    const m = OLD.exec(line);
    if (!m) return null;
    const sep = /^\s*-?\d+\s*[,;\s]\s*/.exec(line)!;
    return { x: m[1], y: m[2], ...(m[3] === undefined ? {} : { time: m[3] }), colX: line.indexOf(m[1]) + 1, colY: sep[0].length + 1 };
  };

  it("reads what the old expression read, with the same columns, and refuses what it refused", () => {
    const chars = fc.constantFrom("1", "2", "0", "-", ",", ";", " ", "\t", "\u00a0", "x", "9");
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 14 }), (cs) => {
        const line = cs.join("");
        expect(readMoveLine(line)).toEqual(oldRead(line));
      }),
      { numRuns: 20_000 },
    );
    expect(readMoveLine(" 8 ; 9 , 120 ")).toEqual({ x: "8", y: "9", time: "120", colX: 2, colY: 6 });
  });

  it("a move line of blanks is read at once, and the file still says what is wrong", () => {
    const g = parsePsq(`${PSQ_HEADER}8,8,0\n1${" ".repeat(100_000)}1${" ".repeat(100_000)}x\n`);
    expect(g.moves).toHaveLength(1);
  });
});
