// Import refusals (lib/shared/import-errors) in the catalogue: every code worded in namespace
// import.errors, the English catalogue saying exactly what the parser says to scripts (so the two
// cannot drift), and the Chinese rendering with the same values, free of English words.
import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl";
import { readCatalogue } from "@/i18n/messages";
import { IMPORT_ERRORS, ImportError, type ImportErrorCode, type ImportErrorParams } from "@/lib/shared/import-errors";
import { parsePsq } from "@/lib/shared/psq";
import { parseSgf } from "@/lib/shared/sgf";

const move = { stone: "move", n: 3, color: "white" } as const;
const setup = { stone: "AB", n: 0, color: "black" } as const;
// One set of values for each code; the type makes the table name every code.
const SAMPLES: { [C in ImportErrorCode]: Array<ImportErrorParams<C>> } = {
  NOTHING_TO_IMPORT: [{}],
  NOTHING_TO_IMPORT_PSQ: [{}],
  NOT_SQUARE: [{ width: 15, height: 20 }],
  SIZE_UNSUPPORTED: [{ size: 30, min: 5, max: 20 }],
  MOVE_UNREADABLE: [{ token: "zz" }],
  LABEL_OFF_BOARD: [{ label: "p16", size: 15, last: "o15" }],
  NO_MOVES: [{}],
  LABEL_TAKEN: [{ label: "h8", move: 1, line: 2 }],
  LABEL_FORBIDDEN: [
    { label: "h8", why: "doublethree" },
    { label: "h8", why: "doublefour" },
    { label: "h8", why: "overline" },
  ],
  MOVES_AFTER_WIN: [
    { color: "black", move: 9 },
    { color: "white", move: 10 },
  ],
  EMPTY_FILE: [{}],
  PSQ_HEADER_EXPECTED: [{ found: "hello" }],
  PSQ_RULE_UNKNOWN: [{ rule: "gomoku" }],
  PSQ_OPENING_TOO_LONG: [
    { opening: 3, moves: 1 },
    { opening: 3, moves: 2 },
  ],
  SWAP2_UNSETTLED: [{ value: "grey" }],
  SWAP2_WITH_OPENING: [{}],
  SWAP2_TOO_FEW: [{ value: "place/white", plies: 5, moves: 4 }],
  PSQ_OFF_BOARD: [{ axis: "y", value: 16, size: 15 }],
  PSQ_TAKEN: [{ point: "8,8", line: 4 }],
  PSQ_FORBIDDEN: [{ point: "8,8", why: "doublefour" }],
  PSQ_AFTER_WIN: [{ color: "white", line: 12 }],
  PSQ_UNEXPECTED_CHAR: [{ char: "x", move: "8,x,0" }],
  PSQ_TOO_MANY_NUMBERS: [{ count: 4 }],
  PSQ_NUMBER_MISSING: [{ move: "8,,0" }],
  SGF_NO_GAME: [{}],
  SGF_EXPECTED: [
    { want: "game", found: "hello" },
    { want: "node", found: "B[hh]" },
    { want: "nodeOrEnd", found: "]" },
  ],
  SGF_ENDS_EARLY: [{ want: "node" }],
  SGF_GAME_UNCLOSED: [{}],
  SGF_NO_VALUE: [{ property: "SZ" }],
  SGF_VALUE_UNCLOSED: [{}],
  SGF_NOT_GOMOKU: [{ gm: "1" }],
  SGF_BAD_SIZE: [{ value: "big" }],
  SGF_RULE_UNKNOWN: [{ rule: "9" }],
  SGF_PASS: [move, setup],
  SGF_NOT_POINT: [{ ...move, text: "h" }],
  SGF_OFF_BOARD: [{ ...setup, text: "zz", size: 15, last: "o" }],
  SGF_BOTH_COLORS: [{}],
  SGF_WRONG_TURN: [{ n: 2, color: "black", expected: "white" }],
  SGF_SETUP_TAKEN: [{ line: 1 }],
  SGF_MOVE_TAKEN: [{ n: 5, line: 1, column: 30 }],
  SGF_MOVE_AFTER_WIN: [{ n: 10 }],
  SGF_MOVE_FORBIDDEN: [{ n: 7, why: "overline" }],
  SGF_TOO_MANY_GAMES: [{ max: 200 }],
  SGF_TOO_DEEP: [{ max: 1000 }],
  IMPORT_TOO_SLOW: [{ seconds: 2 }],
  IMPORT_TOO_MUCH_MEMORY: [{ mb: 64 }],
  IMPORT_BUSY: [{}],
  IMPORT_TOO_LARGE: [{ kb: 256 }],
  IMPORT_GAME_NO_MOVES: [{ game: 1 }],
  IMPORT_NO_SUCH_GAME: [
    { games: 1, game: 2 },
    { games: 2, game: 3 },
  ],
  IMPORT_TOO_MANY_PICKED: [{ games: 201, max: 200 }],
  IMPORT_FILE_OVER_HOURLY: [{ games: 1001, max: 1000 }],
  IMPORT_HOURLY_LIMIT: [{ max: 1000, seconds: 12 }],
  LINK_SIZE: [{ value: "99", min: 5, max: 20 }],
  LINK_RULE: [{ value: "go" }],
  LINK_OPENING: [{ value: "7", moves: 3 }],
};

const translator = (locale: "en" | "zh-CN") => {
  const problems: string[] = [];
  const t = createTranslator({ locale, messages: readCatalogue(locale), namespace: "import.errors", onError: (e) => problems.push(e.message) });
  return { t: (code: string, values: object) => t(code as never, values as never), problems };
};

describe("import refusals in the catalogue", () => {
  const en = translator("en");
  const zh = translator("zh-CN");
  const cases = Object.entries(SAMPLES).flatMap(([code, list]) => (list as object[]).map((values) => ({ code, values })));

  it("say in the English catalogue exactly what the parser says", () => {
    const differ = cases
      .map(({ code, values }) => ({ code, parser: (IMPORT_ERRORS[code as ImportErrorCode] as (p: object) => string)(values), site: en.t(code, values) }))
      .filter((c) => c.parser !== c.site);
    expect(differ).toEqual([]);
    expect(en.problems).toEqual([]);
  });

  it("are all worded in Chinese, with no English words left but the file formats' own", () => {
    // Words a Chinese reader meets as they are: format names, property names, rule keywords in files.
    const own =
      /\b(?:SGF|PSQ|Piskvorky|GM|SZ|RU|AB|AW|swap2|opening|size|rule|freestyle|exact5|renju|black|white|place|hh|h8|x|y|a|zz|hello|go|gomoku|grey)\b/g;
    const english = cases
      .map(({ code, values }) => ({ code, text: zh.t(code, values) }))
      .filter(({ text }) => /[A-Za-z]{3,}/.test(text.replace(/"[^"]*"|“[^“”]*”|\[[^[\]]*\]/g, "").replace(own, "")));
    expect(english).toEqual([]);
    expect(zh.problems).toEqual([]);
  });

  it("travel with the parsers' refusals: a code and its values", () => {
    const psq = (() => {
      try {
        parsePsq("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,10\n");
      } catch (e) {
        return e;
      }
    })();
    expect(psq).toBeInstanceOf(ImportError);
    expect(psq).toMatchObject({ code: "PSQ_TAKEN", params: { point: "8,8", line: 2 }, line: 3 });
    expect(zh.t((psq as ImportError).code, (psq as ImportError).params)).toBe("8,8 处已有棋子（第 2 行）");

    const sgf = (() => {
      try {
        parseSgf("(;GM[4]SZ[15];B[hh];B[ii])");
      } catch (e) {
        return e;
      }
    })();
    expect(sgf).toMatchObject({ code: "SGF_WRONG_TURN", params: { n: 2, color: "black", expected: "white" } });
    expect(zh.t((sgf as ImportError).code, (sgf as ImportError).params)).toBe("第 2 手是黑棋，但此时该白棋走（黑白必须轮流）");
  });
});
