// One round of the lab's transcript checked the same way in every language: the human's move with its
// score, the computer's move with its numbers, PV and candidates, and both boards after them. The
// words differ per language (test/lab.test.ts, test/lab-zh.test.ts); the checks do not.
import { expect } from "vitest";
import type { BoardGlyphs } from "../../bin/lab/i18n";
import type { Point, Stone } from "../../engine/types";
import { parseLabel, toLabel } from "../../lib/shared/notation";
import { think } from "../../engine/search/think";
import { boardsIn } from "./lab-process";

/** A language's words for a round, `side` being its name for black or white ("x", "黑棋"). */
export interface RoundWords {
  glyphs: BoardGlyphs;
  side: (color: 1 | 2) => string;
  humanPlays: (side: string, label: string, p: Point) => string;
  humanScore: RegExp;
  /** The computer's move line, capturing label, lab row and lab column. */
  computerPlays: (side: string) => RegExp;
  /** Further lines the computer's turn prints (its numbers, PV, candidates). */
  computerLines: (side: string) => Array<string | RegExp>;
}

const key = (s: Stone) => `${s.x},${s.y},${s.color}`;
export const sorted = (stones: readonly Stone[]) => stones.map(key).sort();

/** Checks one round's output and adds its two stones to `stones`; returns the boards read. */
export function checkRound(text: string, size: number, stones: Stone[], human: { p: Point; color: 1 | 2 }, words: RoundWords) {
  const boards = boardsIn(text, size, words.glyphs);
  expect(boards).toHaveLength(2);
  for (const [i, who] of (["human", "computer"] as const).entries()) {
    const color = who === "human" ? human.color : human.color === 1 ? 2 : 1;
    const side = words.side(color);
    let p: Point;
    if (who === "human") {
      p = human.p;
      expect(text).toContain(words.humanPlays(side, toLabel(p, size), p));
      expect(text).toMatch(words.humanScore);
    } else {
      const m = words.computerPlays(side).exec(text);
      expect(m, text).not.toBeNull();
      p = parseLabel(m![1], size)!;
      expect([p.y, p.x]).toEqual([Number(m![2]), Number(m![3])]);
      for (const line of words.computerLines(side)) {
        if (typeof line === "string") expect(text).toContain(line);
        else expect(text).toMatch(line);
      }
    }
    stones.push({ ...p, color });
    expect(sorted(boards[i].stones)).toEqual(sorted(stones));
    expect(boards[i].last).toEqual(p);
  }
  return boards;
}

/**
 * The human's move for a round that must not end the game: the engine's choice for `color` (a
 * shallow search that blocks the computer's threats), typed as a label (c3) or in the lab's
 * row,col. Fixed corner moves let the computer build five in three rounds unopposed.
 */
export function humanMove(size: number, stones: readonly Stone[], color: 1 | 2, notation: "label" | "lab"): { input: string; p: Point } {
  const p = think({ size, rule: "freestyle", stones: [...stones], toMove: color }, { maxDepth: 2 }).move!;
  return { input: notation === "label" ? toLabel(p, size) : `${p.y},${p.x}`, p };
}
