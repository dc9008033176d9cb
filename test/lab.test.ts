// The real `tsx bin/lab.ts`, driven through stdin like a person (or the lab's grader) would.
import { describe, expect, it } from "vitest";
import { ASCII_GLYPHS } from "../bin/lab/board";
import { labOpening } from "../engine/rules";
import type { Point, Stone } from "../engine/types";
import { parseLabel, toLabel } from "../lib/shared/notation";
import { boardsIn as boardsInText, startLab } from "./support/lab-process";
import { checkRound as checkRoundIn, humanMove, sorted, type RoundWords } from "./support/lab-round";

const SCORE = String.raw`([+-]?\d+|win in \d+|loss in \d+)`;
const boardsIn = (text: string, size: number) => boardsInText(text, size, ASCII_GLYPHS);

/** The English lab's words for one round (test/support/lab-round checks it). */
const EN: RoundWords = {
  glyphs: ASCII_GLYPHS,
  side: (color) => (color === 1 ? "x" : "o"),
  humanPlays: (side, label, p) => `${side} (you) plays ${label} (lab ${p.y},${p.x})`,
  humanScore: new RegExp(`score of this move: ${SCORE}`),
  computerPlays: (side) => new RegExp(`${side} \\(computer\\) plays ([a-s]\\d+) \\(lab (\\d+),(\\d+)\\)`),
  computerLines: (side) => [
    new RegExp(`score ${SCORE}\\s+depth \\d+\\s+nodes \\d+\\s+time \\d+ ms`),
    /PV: [a-s]\d+/,
    new RegExp(`score of every candidate \\(\\d+, from ${side}'s side, best first\\):\\n\\s+[a-s]\\d+ ${SCORE}`),
  ],
};
const checkRound = (text: string, size: number, stones: Stone[], human: { p: Point; color: 1 | 2 }) => checkRoundIn(text, size, stones, human, EN);

describe("npm run lab", () => {
  it("human first: rejects bad input without touching the board, then plays three full rounds", async () => {
    const lab = startLab(["--depth", "2"]);
    await lab.waitFor(/Human first or computer first\? \[h\/c\] $/);
    lab.send("maybe");
    await lab.waitFor(/Please answer h \(human\) or c \(computer\).*\nHuman first or computer first\? \[h\/c\] $/s);
    lab.send("h");
    let text = await lab.waitFor(/Your move \(x\): $/);
    const stones: Stone[] = labOpening(11);
    expect(boardsIn(text, 11).map((b) => sorted(b.stones))).toEqual([sorted(stones)]);

    // Three bad answers, each a sentence and the prompt again, and no board printed in between.
    const at = lab.out().length;
    const bad: Array<[string, RegExp]> = [
      ["zz", /"zz" is not a move\. Type a column letter/],
      ["99,99", /99,99 is off the board: the lab's rows and columns go from 0 to 10\./],
      ["f6", /f6 is already taken by x: choose an empty point\./], // lab (5,5), an opening stone
      ["5,4", /e6 is already taken by o: choose an empty point\./], // lab row 5, col 4
      ["l3", /l3 is off the board: columns go from a to k and rows from 1 to 11\./],
    ];
    for (const [input, sentence] of bad) {
      const from = lab.out().length;
      lab.send(input);
      text = await lab.waitFor(/Your move \(x\): $/, from);
      expect(text).toMatch(sentence);
    }
    expect(boardsIn(lab.out().slice(at), 11)).toHaveLength(0);

    // Three rounds, in both notations: a1, lab 0,10 (= k11), k1.
    // Three rounds, in both notations (a label, the lab's row,col, a label again).
    for (const notation of ["label", "lab", "label"] as const) {
      const { input, p } = humanMove(11, stones, 1, notation);
      const from = lab.out().length;
      lab.send(input);
      text = await lab.waitFor(/Your move \(x\): $/, from);
      checkRound(text, 11, stones, { p, color: 1 });
    }
    lab.end();
    await lab.waitFor(/Input ended before the game did: stopped after 6 moves\./);
    expect(await lab.exit).toBe(0);
  });

  it("computer first: the computer plays x and opens, the human answers as o", async () => {
    const lab = startLab(["--depth", "2"]);
    await lab.waitFor(/\[h\/c\] $/);
    lab.send("2");
    let text = await lab.waitFor(/Your move \(o\): $/);
    expect(text).toContain("You play o, the computer x; x moves first.");
    const stones: Stone[] = labOpening(11);
    const first = boardsIn(text, 11);
    expect(first).toHaveLength(2); // the opening, then the computer's first move
    expect(sorted(first[0].stones)).toEqual(sorted(stones));
    const m = /x \(computer\) plays ([a-k]\d+)/.exec(text)!;
    const p = parseLabel(m[1], 11)!;
    stones.push({ ...p, color: 1 });
    expect(sorted(first[1].stones)).toEqual(sorted(stones));
    expect(first[1].last).toEqual(p);

    for (const [input, q] of [
      ["a11", { x: 0, y: 0 }],
      ["10,0", { x: 0, y: 10 }],
    ] as Array<[string, Point]>) {
      const from = lab.out().length;
      lab.send(input);
      text = await lab.waitFor(/Your move \(o\): $/, from);
      checkRound(text, 11, stones, { p: q, color: 2 });
    }
    lab.end();
    await lab.waitFor(/Input ended/);
    expect(await lab.exit).toBe(0);
  });

  it("plays a game to its end against level 1 and announces the result", async () => {
    // 7×7, empty board, the human x plays the first empty point row by row from the top left; the
    // computer at level 1 (engine/levels: the beginner's level).
    const size = 7;
    const lab = startLab(["--level", "1", "--size", String(size), "--no-opening", "--first", "human"]);
    let from = 0;
    for (let round = 0; round < 30; round++) {
      const text = await lab.waitFor(/(Your move \(x\): $|wins: |Draw: )/, from);
      if (!/Your move \(x\): $/.test(text)) break;
      const boards = boardsIn(text, size);
      const taken = new Set(boards.at(-1)!.stones.map((s) => `${s.x},${s.y}`));
      let cell = 0;
      while (taken.has(`${cell % size},${Math.floor(cell / size)}`)) cell++;
      from = lab.out().length;
      lab.send(toLabel({ x: cell % size, y: Math.floor(cell / size) }, size));
    }
    const end = lab.out();
    expect(end).toMatch(/\n(x \(you\)|o \(computer\)) wins: ([a-g]\d ){4,}[a-g]\d\.\n$|\nDraw: the board is full\.\n$/);
    expect(await lab.exit).toBe(0);
  });

  it("prints its usage with --help and refuses bad options", async () => {
    const help = startLab(["--help"]);
    expect(await help.exit).toBe(0);
    expect(help.out()).toMatch(/--size N[\s\S]*--time MS[\s\S]*--depth D[\s\S]*--level L[\s\S]*--no-opening[\s\S]*--first human\|computer/);
    const bad = startLab(["--size", "30"]);
    let err = "";
    bad.proc.stderr.on("data", (d) => (err += d));
    expect(await bad.exit).toBe(2);
    expect(err).toContain("--size must be between 5 and 20, got 30");
    const badLevel = startLab(["--level", "11"]);
    let levelErr = "";
    badLevel.proc.stderr.on("data", (d) => (levelErr += d));
    expect(await badLevel.exit).toBe(2);
    expect(levelErr).toContain("--level must be between 1 and 10, got 11");
  });
});
