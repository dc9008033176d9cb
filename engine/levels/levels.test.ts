import { describe, expect, it } from "vitest";
import { mulberry32Float } from "../board/zobrist";
import { cellsOf, moveError } from "../rules";
import type { Position, RootScore, Score } from "../types";
import { chooseCandidate } from "./choose";
import { LEVELS, levelSetting } from "./levels";
import { playLevel } from "./play-level";

const ev = (value: number): Score => ({ kind: "eval", value });
const cand = (...scores: Score[]): RootScore[] => scores.map((score, i) => ({ move: { x: i, y: 0 }, score }));
const counts = (cands: RootScore[], level: number, n = 2000) => {
  const rand = mulberry32Float(7);
  const c = new Array<number>(cands.length).fill(0);
  for (let i = 0; i < n; i++) c[chooseCandidate(cands, levelSetting(level), rand)]++;
  return c;
};

describe("levels", () => {
  it("get stronger step by step: depth (within plain and threat levels) and accuracy never go down", () => {
    for (let i = 1; i < LEVELS.length; i++) {
      const [a, b] = [LEVELS[i - 1], LEVELS[i]];
      expect(b.level).toBe(a.level + 1);
      // Depth, counting a share of moves one ply deeper as that much depth.
      if (a.plain === b.plain) expect((b.maxDepth ?? 99) + (b.deeper ?? 0)).toBeGreaterThanOrEqual((a.maxDepth ?? 99) + (a.deeper ?? 0));
      expect(a.plain || !b.plain).toBe(true); // once the threat search is on, it stays on
      // Temperature and blunders tune the spacing between levels (measured: docs/LEVELS.md); the top never draws.
    }
    expect(LEVELS[9]).toMatchObject({ maxDepth: null, temperature: 0, blunder: 0, timeMs: null });
    expect(() => levelSetting(0)).toThrow(RangeError);
    expect(() => levelSetting(11)).toThrow(RangeError);
  });

  it("every level plays a five when it has one", () => {
    const five = cand({ kind: "win", plies: 1 }, ev(500), ev(400));
    for (const l of LEVELS) expect(counts(five, l.level, 200)[0]).toBe(200);
  });

  it("blunders only in sharp positions, and low levels more than high ones", () => {
    // Quiet: every candidate near the best. No blunder branch: the temperature decides alone.
    const quiet = cand(ev(100), ev(90), ev(80), ev(70));
    expect(counts(quiet, 10)[0]).toBe(2000);
    // Sharp: the only move that holds, the others lose.
    const sharp = cand(ev(0), { kind: "loss", plies: 4 }, { kind: "loss", plies: 4 }, { kind: "loss", plies: 2 });
    const missed = (level: number) => 2000 - counts(sharp, level)[0];
    expect(missed(10)).toBe(0);
    expect(missed(1)).toBeGreaterThan(missed(4));
    expect(missed(4)).toBeGreaterThan(missed(7));
    expect(missed(1) / 2000).toBeGreaterThan(0.55); // blunder 0.7 × sharpness 1
  });

  it("the temperature spreads choices among near-equal moves only", () => {
    const c = counts(cand(ev(100), ev(50), ev(-5000)), 3);
    expect(c[1]).toBeGreaterThan(300); // 50 points worse: often played
    expect(c[2]).toBeLessThan(c[1]); // 5100 worse: only as a blunder
  });

  it("plays a legal move at every level, seeded the same twice", () => {
    const position: Position = {
      size: 15,
      rule: "freestyle",
      toMove: 1,
      stones: [
        { x: 7, y: 7, color: 1 },
        { x: 8, y: 7, color: 2 },
        { x: 7, y: 8, color: 1 },
        { x: 8, y: 8, color: 2 },
      ],
    };
    for (const l of LEVELS.slice(0, 8)) {
      const a = playLevel(position, l.level, { timeMs: 200, random: mulberry32Float(3) });
      expect(a.move).not.toBeNull();
      expect(moveError(position.size, cellsOf(position.size, position.stones), a.move!)).toBeNull();
      // Seeded and capped at depth 2, the same move twice: the depth cap ends these searches, not a 200 ms deadline (at a load
      // of ~20 on 2 cores a process can get less than the few ms of CPU depth 2 needs within 200 ms of wall time).
      if (l.maxDepth !== null && l.maxDepth <= 2) {
        const once = playLevel(position, l.level, { timeMs: 60_000, random: mulberry32Float(3) });
        expect(playLevel(position, l.level, { timeMs: 60_000, random: mulberry32Float(3) }).move).toEqual(once.move);
      }
    }
  });

  it("a level with `deeper` searches one ply deeper on about that share of moves, seeded", () => {
    const position: Position = {
      size: 15,
      rule: "freestyle",
      toMove: 2,
      stones: [
        { x: 7, y: 7, color: 1 },
        { x: 8, y: 8, color: 2 },
        { x: 7, y: 8, color: 1 },
      ],
    };
    const withDeeper = LEVELS.find((l) => l.deeper !== undefined && l.maxDepth !== null)!;
    const rand = mulberry32Float(11);
    const depths = Array.from({ length: 40 }, () => playLevel(position, withDeeper.level, { timeMs: 5000, random: rand }).depth);
    const deep = depths.filter((d) => d === withDeeper.maxDepth! + 1).length;
    expect(depths.every((d) => d === withDeeper.maxDepth || d === withDeeper.maxDepth! + 1)).toBe(true);
    expect(deep / depths.length).toBeGreaterThan(withDeeper.deeper! - 0.25);
    expect(deep / depths.length).toBeLessThan(withDeeper.deeper! + 0.25);
    // The same seed, the same moves and depths.
    const again = mulberry32Float(11);
    expect(Array.from({ length: 40 }, () => playLevel(position, withDeeper.level, { timeMs: 5000, random: again }).depth)).toEqual(depths);
  });
});
