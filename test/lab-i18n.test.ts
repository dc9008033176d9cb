// The lab's languages, without a process: display widths, the choice of language, the Chinese board's
// alignment, and the two lab.json catalogues (same keys, every message valid ICU with the same arguments).
import { readFileSync } from "node:fs";
import path from "node:path";
import { type MessageFormatElement, TYPE, parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { toolUsage } from "../bin/cli/i18n";
import { codePointWidth, displayWidth, padEndDisplay, padStartDisplay } from "../bin/cli/width";
import { chooseLocale, parseArgs, usage } from "../bin/lab/args";
import { ASCII_GLYPHS, readBoard, renderBoard } from "../bin/lab/board";
import { LOCALES, labText, localeFromEnv, localeFromTag } from "../bin/lab/i18n";
import { parseMoveInput } from "../bin/lab/input";
import { formatComputerMove, formatHumanMove, formatRootScores } from "../bin/lab/report";
import { labOpening } from "../engine/rules";
import { formatScore } from "../engine/score";
import type { Analysis, Score, Stone } from "../engine/types";

const ROOT = path.resolve(import.meta.dirname, "..");
const zh = labText("zh-CN");
const en = labText("en");

describe("display width", () => {
  it("counts wide and fullwidth characters as two columns, combining marks as none", () => {
    expect(displayWidth("f6 +135")).toBe(7);
    expect(displayWidth("黑棋")).toBe(4);
    expect(displayWidth("＋ａ")).toBe(4);
    expect(displayWidth("（你）：")).toBe(8);
    expect(displayWidth("7步内胜")).toBe(7);
    expect(displayWidth("e\u0301")).toBe(1);
    expect(displayWidth("𠀀")).toBe(2); // outside the BMP
    expect(displayWidth("×…“”")).toBe(4); // ambiguous: one, as most terminals draw them
    expect(codePointWidth(0x3000)).toBe(2);
    expect(codePointWidth(0x0a)).toBe(0);
  });

  it("pads by columns", () => {
    expect(padEndDisplay("黑", 4)).toBe("黑  ");
    expect(padEndDisplay("g4 7步内胜", 10)).toBe("g4 7步内胜");
    expect(padEndDisplay("f7 +35", 10)).toBe("f7 +35    ");
    expect(padStartDisplay("白", 3)).toBe(" 白");
    expect(padEndDisplay("abcdef", 3)).toBe("abcdef");
  });
});

describe("the language", () => {
  it("reads --lang", () => {
    for (const tag of ["zh", "zh-CN", "zh_CN", "ZH-cn", "zh-Hans"]) expect(localeFromTag(tag)).toBe("zh-CN");
    for (const tag of ["en", "en-US", "en_GB", "EN"]) expect(localeFromTag(tag)).toBe("en");
    for (const tag of ["fr", "", "chinese", "zh-TW-x"]) expect(localeFromTag(tag)).toBeNull();
  });

  it("reads LC_ALL, then LC_MESSAGES, then LANG", () => {
    expect(localeFromEnv({ LANG: "zh_CN.UTF-8" })).toBe("zh-CN");
    expect(localeFromEnv({ LANG: "zh_SG.GB2312" })).toBe("zh-CN");
    expect(localeFromEnv({ LANG: "zh" })).toBe("zh-CN");
    expect(localeFromEnv({ LANG: "en_US.UTF-8" })).toBe("en");
    expect(localeFromEnv({ LANG: "C.UTF-8" })).toBe("en");
    expect(localeFromEnv({})).toBe("en");
    expect(localeFromEnv({ LC_ALL: "en_US.UTF-8", LANG: "zh_CN.UTF-8" })).toBe("en");
    expect(localeFromEnv({ LC_MESSAGES: "zh_CN.UTF-8", LANG: "en_US.UTF-8" })).toBe("zh-CN");
    expect(localeFromEnv({ LC_ALL: "", LC_MESSAGES: "zh_CN.UTF-8" })).toBe("zh-CN");
    expect(localeFromEnv({ LANG: "zhx" })).toBe("en");
  });

  it("lets --lang win over the environment, and a bad --lang is refused in the environment's language", () => {
    expect(chooseLocale(["--lang", "zh"], {})).toBe("zh-CN");
    expect(chooseLocale(["--lang=en"], { LANG: "zh_CN.UTF-8" })).toBe("en");
    expect(chooseLocale([], { LANG: "zh_CN.UTF-8" })).toBe("zh-CN");
    expect(chooseLocale(["--lang", "fr"], { LANG: "zh_CN.UTF-8" })).toBe("zh-CN");
    expect(parseArgs(["--lang", "fr"], en)).toEqual({ kind: "error", message: '--lang is en, zh or zh-CN, got "fr"' });
    expect(parseArgs(["--lang", "fr"], zh)).toEqual({ kind: "error", message: "--lang 只能是 en、zh 或 zh-CN，收到的是“fr”" });
    expect(parseArgs(["--lang"], en)).toMatchObject({ kind: "error" });
    expect(parseArgs(["--lang", "zh", "--depth", "3"], zh)).toMatchObject({ kind: "run", options: { maxDepth: 3 } });
    expect(parseArgs(["--size", "30"], zh)).toEqual({ kind: "error", message: "--size 必须在 5 到 20 之间，收到的是 30" });
  });

  it("has usage text in both languages, naming every option", () => {
    for (const text of [en, zh]) {
      const u = usage(text);
      for (const option of ["--size N", "--time MS", "--depth D", "--no-opening", "--first human|computer", "--lang en|zh", "--help"])
        expect(u).toContain(option);
    }
    expect(usage(zh)).toContain("用法");
    expect(usage(zh)).toContain("5..20");
  });

  it("gives the other tools' usage in the environment's language", () => {
    for (const [tool, command] of [
      ["match", "match"],
      ["selfplayRenju", "selfplay:renju"],
      ["benchTactics", "bench:tactics"],
    ] as const) {
      expect(toolUsage(tool, {})).toMatch(new RegExp(`^usage: npm run ${command} -- `));
      expect(toolUsage(tool, { LANG: "zh_CN.UTF-8" })).toMatch(new RegExp(`^用法：npm run ${command} -- `));
    }
    expect(toolUsage("match", {})).toContain('--a "<brain command>"');
    expect(toolUsage("match", { LC_ALL: "zh_CN.UTF-8" })).toContain("renju（连珠，黑棋有禁手）");
  });
});

describe("the Chinese board", () => {
  const size = 11;
  const stones: Stone[] = [...labOpening(size), { x: 0, y: 10, color: 1 }, { x: 10, y: 0, color: 2 }];
  const text = renderBoard(size, stones, { x: 10, y: 0 }, zh.board);
  const lines = text.split("\n");

  it("has one-unit glyphs, letters and stones equally wide", () => {
    for (const board of [zh.board, en.board]) {
      for (const g of [board.empty, board.black, board.white]) expect(g).toHaveLength(1);
      expect(board.columns).toHaveLength(20); // MAX_SIZE
      const widths = new Set([...board.columns, board.empty, board.black, board.white].map(displayWidth));
      expect(widths.size).toBe(1);
    }
    expect(en.board).toEqual(ASCII_GLYPHS);
    expect(displayWidth(zh.board.black)).toBe(2);
  });

  it("lines up: every row as wide as the others, every stone under its column letter", () => {
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(size);
    expect(new Set(rows.map(displayWidth)).size).toBe(1);
    expect(displayWidth(lines[0])).toBe(displayWidth(lines.at(-1)!));
    // the display column where a string's index i starts
    const columnAt = (line: string, i: number) => displayWidth(line.slice(0, i));
    for (let x = 0; x < size; x++) {
      const letter = zh.board.columns[x];
      const letterColumn = columnAt(lines[0], lines[0].indexOf(letter));
      for (const row of rows) expect(columnAt(row, 4 + 2 * x), `column ${letter}`).toBe(letterColumn);
    }
    // the right-hand row numbers line up too
    expect(new Set(rows.map((r) => columnAt(r, r.length - 2))).size).toBe(1);
  });

  it("lines up on every size, 20×20 too (column t), in both languages", () => {
    for (const glyphs of [zh.board, en.board])
      for (const n of [5, 9, 15, 19, 20]) {
        const board = renderBoard(n, [{ x: n - 1, y: 0, color: 1 }], { x: n - 1, y: 0 }, glyphs).split("\n");
        expect(board[0].endsWith(glyphs.columns[n - 1])).toBe(true);
        expect(new Set(board.slice(1, -1).map(displayWidth)).size).toBe(1);
        const letter = displayWidth(board[0]) - displayWidth(glyphs.columns[n - 1]); // where the last letter starts
        expect(displayWidth(board[1].slice(0, 4 + 2 * (n - 1)))).toBe(letter);
        expect(readBoard(board.join("\n"), n, glyphs)).toEqual({ stones: [{ x: n - 1, y: 0, color: 1 }], last: { x: n - 1, y: 0 } });
      }
  });

  it("reads back: stones, colours and the last move", () => {
    const back = readBoard(text, size, zh.board);
    expect(back.stones.map((s) => `${s.x},${s.y},${s.color}`).sort()).toEqual(stones.map((s) => `${s.x},${s.y},${s.color}`).sort());
    expect(back.last).toEqual({ x: 10, y: 0 });
    expect(lines[1]).toBe("11  ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋[白] 11");
    expect(lines[11]).toBe(" 1  黑 ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋   1");
  });
});

describe("the lab's words", () => {
  const analysis: Analysis = {
    move: { x: 6, y: 4 },
    score: { kind: "eval", value: 135 },
    depth: 7,
    nodes: 123456,
    timeMs: 987.4,
    pv: [
      { x: 6, y: 4 },
      { x: 3, y: 4 },
    ],
    rootScores: [
      { move: { x: 6, y: 4 }, score: { kind: "win", plies: 7 } },
      { move: { x: 5, y: 4 }, score: { kind: "eval", value: 35 } },
      { move: { x: 3, y: 4 }, score: { kind: "loss", plies: 12 } },
    ],
  } as Analysis;

  it("English: the score words are engine/score.ts's, byte for byte", () => {
    const scores: Score[] = [
      { kind: "eval", value: 0 },
      { kind: "eval", value: 135 },
      { kind: "eval", value: -20 },
      { kind: "win", plies: 7 },
      { kind: "loss", plies: 3 },
    ];
    for (const s of scores) expect(en.score(s)).toBe(formatScore(s));
  });

  it("Chinese: score words, the computer's numbers, candidates aligned by display width", () => {
    expect(zh.score({ kind: "win", plies: 7 })).toBe("7步内胜");
    expect(zh.score({ kind: "loss", plies: 3 })).toBe("3步内负");
    expect(zh.score({ kind: "eval", value: 135 })).toBe("+135");
    const lines = formatComputerMove(analysis, 2, 11, zh);
    expect(lines[0]).toBe("  评分 +135   搜索深度 7   节点数 123456   用时 987 毫秒");
    expect(lines[1]).toBe("  主要变例：g7 d7");
    expect(lines[2]).toBe("  各候选着的评分（共 3 个，从白棋一方看，最佳着在前）：");
    expect(lines[3]).toBe("    g7 7步内胜   f7 +35       d7 12步内负");
    // two a line: the second line's first cell as wide as the first line's, so columns line up on screen
    const wrapped = formatRootScores(analysis.rootScores, 11, 2, zh);
    expect(wrapped).toEqual(["g7 7步内胜   f7 +35", "d7 12步内负"]);
    expect(displayWidth(wrapped[0].slice(0, wrapped[0].indexOf("f7")))).toBe(displayWidth("d7 12步内负") + 2);
  });

  it("Chinese: the human's move scored against the engine's choice", () => {
    const best = analysis.rootScores[0];
    expect(formatHumanMove({ score: { kind: "eval", value: 135 }, rank: 4, of: 36, best, source: "candidate" }, 11, zh)).toBe(
      "  本步评分：+135（36 个候选着中排第 4；电脑的最佳着：g7 7步内胜）",
    );
    expect(formatHumanMove({ score: { kind: "eval", value: 135 }, rank: 4, of: 36, best, source: "candidate" }, 11, en)).toBe(
      "  score of this move: +135   (candidate 4 of 36; the engine's choice: g7 win in 7)",
    );
  });

  it("Chinese: every refused move says why", () => {
    const cells = new Uint8Array(121);
    cells[5 * 11 + 5] = 1;
    const error = (input: string) => {
      const r = parseMoveInput(input, 11, cells, zh);
      return r.kind === "error" ? r.message : r.kind;
    };
    expect(error("f6")).toBe("f6 已有黑棋：请另选一个空点。");
    expect(error("99,99")).toBe("99,99 不在棋盘上：实验坐标的行、列都从 0 到 10。");
    expect(error("l3")).toBe("l3 不在棋盘上：列从 a 到 k，行从 1 到 11。");
    expect(error("zz")).toMatch(/^“zz”不是有效的落子。落子时输入/);
    expect(error("")).toMatch(/^没有输入内容。/);
    expect(error("退出")).toBe("quit");
    expect(parseMoveInput("5，4", 11, cells, zh)).toEqual({ kind: "move", point: { x: 4, y: 5 } });
  });
});

describe("messages/<locale>/lab.json", () => {
  const read = (locale: string) => JSON.parse(readFileSync(path.join(ROOT, "messages", locale, "lab.json"), "utf8")) as Record<string, unknown>;
  const leaves = (o: Record<string, unknown>, prefix = ""): Array<[string, string]> =>
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === "string" ? [[prefix + k, v] as [string, string]] : leaves(v as Record<string, unknown>, `${prefix}${k}.`),
    );
  /** Argument names of a message (select and plural branches included). */
  const argumentsOf = (elements: MessageFormatElement[], into = new Set<string>()): Set<string> => {
    for (const el of elements) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      if ("value" in el && typeof el.value === "string") into.add(el.value);
      if (el.type === TYPE.select || el.type === TYPE.plural) for (const option of Object.values(el.options)) argumentsOf(option.value, into);
      if (el.type === TYPE.tag) argumentsOf(el.children, into);
    }
    return into;
  };

  it("has the same keys in every locale, every message valid ICU with the same arguments", () => {
    const catalogues = Object.fromEntries(LOCALES.map((l) => [l, new Map(leaves(read(l)))]));
    const keys = [...catalogues.en.keys()].sort();
    expect(keys.length).toBeGreaterThan(30);
    for (const locale of LOCALES) {
      expect([...catalogues[locale].keys()].sort(), locale).toEqual(keys);
      for (const [key, message] of catalogues[locale]) {
        let ast: MessageFormatElement[] = [];
        expect(() => (ast = parse(message)), `${locale} ${key}`).not.toThrow();
        expect([...argumentsOf(ast)].sort(), `${locale} ${key}`).toEqual([...argumentsOf(parse(catalogues.en.get(key)!))].sort());
      }
    }
  });
});
