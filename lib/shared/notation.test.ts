import { describe, expect, it } from "vitest";
import { ReplayError, replay } from "../../engine";
import { parseMoveString, readLabels } from "./notation";
import { ImportError } from "./psq";

describe("move strings", () => {
  it("one reader for every form: run together, spaced, numbered, one a line", () => {
    const h8i9j10 = [
      { x: 7, y: 7 },
      { x: 8, y: 6 },
      { x: 9, y: 5 },
    ];
    for (const text of ["h8i9j10", "h8 i9, j10", "1. h8 i9 2. j10", "h8\r\ni9\nj10;"]) expect(parseMoveString(text, 15)).toEqual(h8i9j10);
    expect(parseMoveString("", 15)).toEqual([]);
    expect([...readLabels("h8\n  I9", 15)].map(({ text, line, column }) => ({ text, line, column }))).toEqual([
      { text: "h8", line: 1, column: 1 },
      { text: "I9", line: 2, column: 3 },
    ]);
  });

  it("a bad token or a point off the board: ImportError with its line and column", () => {
    for (const [text, line, column] of [
      ["h8 zz", 1, 4],
      ["h8\ni9 p1", 2, 4],
      ["h8 h123", 1, 4],
    ] as const) {
      const e = (() => {
        try {
          parseMoveString(text, 15);
        } catch (err) {
          return err;
        }
      })();
      expect(e).toBeInstanceOf(ImportError);
      expect(e).toMatchObject({ line, column });
    }
  });
});

describe("replay's refusals", () => {
  it("say which move and why", () => {
    const refusal = (moves: Array<{ x: number; y: number }>) => {
      try {
        replay(7, "freestyle", [], moves);
      } catch (e) {
        if (e instanceof ReplayError) return { index: e.index, reason: e.reason, message: e.message };
        throw e;
      }
      return null;
    };
    expect(
      refusal([
        { x: 0, y: 0 },
        { x: 7, y: 0 },
      ]),
    ).toEqual({ index: 1, reason: "OFF_BOARD", message: "move 2 (7,0): OFF_BOARD" });
    expect(
      refusal([
        { x: 0, y: 0 },
        { x: 0, y: 0 },
      ]),
    ).toEqual({ index: 1, reason: "OCCUPIED", message: "move 2 (0,0): OCCUPIED" });
    const won = parseMoveString("a1a2b1b2c1c2d1d2e1e2", 7);
    expect(refusal(won)).toEqual({ index: 9, reason: "WON", message: "move 10: the game was already won" });
    expect(refusal(won.slice(0, 9))).toBeNull();
  });
});
