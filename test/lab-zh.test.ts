// The lab in Chinese: the real `tsx bin/lab.ts --lang zh` (or LANG=zh_CN.UTF-8) driven through stdin.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { displayWidth } from "../bin/cli/width";
import { labText } from "../bin/lab/i18n";
import { labOpening } from "../engine/rules";
import type { Point, Stone } from "../engine/types";
import { toLabel } from "../lib/shared/notation";
import { boardsIn, startLab } from "./support/lab-process";
import { checkRound as checkRoundIn, humanMove, sorted, type RoundWords } from "./support/lab-round";

const zh = labText("zh-CN").board;
const SCORE = String.raw`([+-]?\d+|\d+步内胜|\d+步内负)`;

/** English words of the English catalogue (three letters or more, "PV" and "ms" too), but "quit", which a player types. */
const ENGLISH_WORDS = (() => {
  const values = (o: unknown): string[] => (typeof o === "string" ? [o] : Object.values(o as object).flatMap(values));
  const en = values(JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../messages/en/lab.json"), "utf8"))).join("\n");
  const words = new Set([...en.matchAll(/[A-Za-z]{3,}/g)].map((m) => m[0].toLowerCase()));
  words.delete("quit");
  for (const w of ["pv", "ms"]) words.add(w);
  return [...words];
})();

function englishIn(text: string): string[] {
  return ENGLISH_WORDS.filter((w) => new RegExp(`(^|[^A-Za-z])${w}([^A-Za-z]|$)`, "i").test(text));
}

/** Every board in the text lines up on screen: rows equally wide, letter lines equally wide. */
function expectAligned(boards: ReturnType<typeof boardsIn>) {
  for (const b of boards) {
    const rows = b.lines.slice(1, -1);
    expect(new Set(rows.map(displayWidth)).size).toBe(1);
    expect(displayWidth(b.lines[0])).toBe(displayWidth(b.lines.at(-1)!));
  }
}

/** The Chinese lab's words for one round (test/support/lab-round checks it). */
const ZH: RoundWords = {
  glyphs: zh,
  side: (color) => (color === 1 ? "黑棋" : "白棋"),
  humanPlays: (side, label, p) => `${side}（你）落子 ${label}（实验坐标 ${p.y},${p.x}）`,
  humanScore: new RegExp(`本步评分：${SCORE}`),
  computerPlays: (side) => new RegExp(`${side}（电脑）落子 ([a-s]\\d+)（实验坐标 (\\d+),(\\d+)）`),
  computerLines: (side) => [
    `${side}（电脑）思考中…`,
    new RegExp(`评分 ${SCORE}\\s+搜索深度 \\d+\\s+节点数 \\d+\\s+用时 \\d+ 毫秒`),
    /主要变例：[a-s]\d+/,
    new RegExp(`各候选着的评分（共 \\d+ 个，从${side}一方看，最佳着在前）：\\n\\s+[a-s]\\d+ ${SCORE}`),
  ],
};
/** One round in Chinese, its boards lined up on screen too. */
const checkRound = (text: string, size: number, stones: Stone[], human: { p: Point; color: 1 | 2 }) =>
  expectAligned(checkRoundIn(text, size, stones, human, ZH));

describe("npm run lab in Chinese", () => {
  it("--lang zh: the prompts, refusals with reasons, and three full rounds, no English", async () => {
    const lab = startLab(["--depth", "2", "--lang", "zh"], "C.UTF-8");
    await lab.waitFor(/你先手还是电脑先手？\[h=你 \/ c=电脑\] $/);
    lab.send("也许");
    await lab.waitFor(/请回答 h（你先手）或 c（电脑先手）；输入 1 或 2 也可以。\n你先手还是电脑先手？\[h=你 \/ c=电脑\] $/);
    lab.send("h");
    let text = await lab.waitFor(/请你落子（黑棋）：$/);
    expect(text).toContain("11×11 棋盘，实验课开局（四颗子）。你执黑，电脑执白；黑棋先行。");
    expect(text).toContain("棋盘上：黑 = 黑棋，白 = 白棋，＋ = 空点，[ ] 框住最新的一手。");
    const stones: Stone[] = labOpening(11);
    const opening = boardsIn(text, 11, zh);
    expect(opening.map((b) => sorted(b.stones))).toEqual([sorted(stones)]);
    expectAligned(opening);
    expect(opening[0].lines[0]).toBe("    ａ ｂ ｃ ｄ ｅ ｆ ｇ ｈ ｉ ｊ ｋ");

    const at = lab.out().length;
    const bad: Array<[string, RegExp]> = [
      ["zz", /“zz”不是有效的落子。落子时输入列字母加行号/],
      ["99,99", /99,99 不在棋盘上：实验坐标的行、列都从 0 到 10。/],
      ["f6", /f6 已有黑棋：请另选一个空点。/],
      ["5，4", /e6 已有白棋：请另选一个空点。/], // a Chinese keyboard's comma
      ["l3", /l3 不在棋盘上：列从 a 到 k，行从 1 到 11。/],
    ];
    for (const [input, sentence] of bad) {
      const from = lab.out().length;
      lab.send(input);
      text = await lab.waitFor(/请你落子（黑棋）：$/, from);
      expect(text).toMatch(sentence);
    }
    expect(boardsIn(lab.out().slice(at), 11, zh)).toHaveLength(0);

    // Three rounds, in both notations (a label, the lab's row,col, a label again).
    for (const notation of ["label", "lab", "label"] as const) {
      const { input, p } = humanMove(11, stones, 1, notation);
      const from = lab.out().length;
      lab.send(input);
      text = await lab.waitFor(/请你落子（黑棋）：$/, from);
      checkRound(text, 11, stones, { p, color: 1 });
    }
    lab.end();
    await lab.waitFor(/输入已结束，对局尚未下完：共下了 6 步，就此停止。\n$/);
    expect(await lab.exit).toBe(0);
    expect(englishIn(lab.out())).toEqual([]);
    expect(englishIn("  score +135   depth 2")).toEqual(expect.arrayContaining(["score", "depth"])); // the check bites
    expect(ENGLISH_WORDS).toEqual(expect.arrayContaining(["score", "depth", "nodes", "move", "computer", "candidate", "wins", "draw", "pv"]));
  });

  it("LANG=zh_CN.UTF-8 without --lang: Chinese, the computer first, a game to its end", async () => {
    const size = 7;
    const lab = startLab(["--depth", "2", "--size", String(size), "--no-opening"], "zh_CN.UTF-8");
    await lab.waitFor(/你先手还是电脑先手？/);
    lab.send("电脑");
    let from = 0;
    for (let round = 0; round < 30; round++) {
      const text = await lab.waitFor(/(请你落子（白棋）：$|胜 · 连五：|平局：)/, from);
      if (!/请你落子（白棋）：$/.test(text)) break;
      const boards = boardsIn(text, size, zh);
      expectAligned(boards);
      const taken = new Set(boards.at(-1)!.stones.map((s) => `${s.x},${s.y}`));
      let cell = 0;
      while (taken.has(`${cell % size},${Math.floor(cell / size)}`)) cell++;
      from = lab.out().length;
      lab.send(toLabel({ x: cell % size, y: Math.floor(cell / size) }, size));
    }
    const out = lab.out();
    expect(out).toContain("7×7 棋盘，空棋盘。你执白，电脑执黑；黑棋先行。");
    expect(out).toMatch(/\n(白棋（你）|黑棋（电脑）)胜 · 连五：([a-g]\d ){4,}[a-g]\d。\n$|\n平局：棋盘已下满。\n$/);
    expect(await lab.exit).toBe(0);
    expect(englishIn(out)).toEqual([]);
  });

  it("usage in Chinese; a bad --lang refused with exit code 2, in the environment's language", async () => {
    // five processes at once: each only parses its arguments
    const help = startLab(["--help"], "zh_CN.UTF-8");
    const enHelp = startLab(["--help", "--lang", "en"], "zh_CN.UTF-8");
    const bad = startLab(["--lang", "fr"]);
    const badZh = startLab(["--lang", "klingon", "--depth", "2"], "zh_CN.UTF-8");
    const badSize = startLab(["--lang", "zh", "--size", "30"]);
    expect(await help.exit).toBe(0);
    expect(help.out()).toMatch(/^五子棋，实验课规则/);
    expect(help.out()).toMatch(/用法：npm run lab -- \[选项\][\s\S]*--lang en\|zh/);
    expect(await enHelp.exit).toBe(0);
    expect(enHelp.out()).toMatch(/^Gomoku, as played in the lab[\s\S]*--lang en\|zh/);

    expect(await bad.exit).toBe(2);
    expect(bad.err()).toBe('lab: --lang is en, zh or zh-CN, got "fr"\n');
    expect(bad.out()).toBe("");
    expect(await badZh.exit).toBe(2);
    expect(badZh.err()).toBe("lab: --lang 只能是 en、zh 或 zh-CN，收到的是“klingon”\n");
    expect(await badSize.exit).toBe(2);
    expect(badSize.err()).toBe("lab: --size 必须在 5 到 20 之间，收到的是 30\n");
  });
});
