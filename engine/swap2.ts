// Swap2 (the balanced opening of Gomocup and most online play), decided by the engine's own search:
//  1. the first player places three stones (black, white, black): swap2Opening picks, from a small
//     table of shapes around the centre, the one the engine scores closest to even;
//  2. the second player, shown three stones, takes black ("swap"), stays white and plays the 4th
//     stone ("play"), or places the 4th (white) and 5th (black) and lets the first player choose
//     ("place"): swap2Decide picks by the search's score for white to move;
//  3. the first player, shown five stones, takes black ("swap") or stays white and plays the 6th.
// Every choice is a think() call under the caller's limits: deterministic under node limits.
import { think } from "./search/think";
import type { Analysis, Limits, Point, Position, Rule, Score, Stone } from "./types";

export type Swap2Decision = { kind: "swap" } | { kind: "play"; move: Point } | { kind: "place"; moves: [Point, Point] };

/** Anything that analyses like think(). */
export type Analyse = (position: Position, limits: Limits) => Analysis;

/**
 * Scores within this many points (from white's side, 3 stones on) count as "even": place two more.
 * 60 on the hand-set evaluation's scale; the learned one's scores are about 2.65× for the same
 * chance (docs/ANALYSIS.md, the win probability's k), hence 160.
 */
export const SWAP2_EVEN = 160;

/** Three-stone shapes (black, white, black) as offsets from the centre. */
const SHAPES: ReadonlyArray<readonly [number, number][]> = [
  [
    [0, 0],
    [1, 0],
    [1, 1],
  ],
  [
    [0, 0],
    [1, 1],
    [2, 0],
  ],
  [
    [0, 0],
    [2, 0],
    [0, 2],
  ],
  [
    [0, 0],
    [1, -1],
    [-1, 2],
  ],
  [
    [0, 0],
    [3, 0],
    [1, 2],
  ],
  [
    [0, 0],
    [2, 2],
    [1, -1],
  ],
  [
    [0, 0],
    [0, 2],
    [2, 1],
  ],
  [
    [0, 0],
    [-2, 1],
    [2, 2],
  ],
];

/** A score as one number from its side (forced results beyond any evaluation). */
export function scoreValue(s: Score): number {
  return s.kind === "eval" ? s.value : s.kind === "win" ? 100_000 - s.plies : -100_000 + s.plies;
}

const split = (limits: Limits, parts: number): Limits => ({
  ...limits,
  timeMs: limits.timeMs === undefined ? undefined : Math.max(10, Math.floor(limits.timeMs / parts)),
  maxNodes: limits.maxNodes === undefined ? undefined : Math.max(100, Math.floor(limits.maxNodes / parts)),
});

/** The first three stones: the table's shape the search scores closest to even (white to move). */
export function swap2Opening(size: number, rule: Rule, limits: Limits = { maxNodes: 80_000 }, analyse: Analyse = think): Stone[] {
  const c = Math.floor(size / 2);
  const each = split(limits, SHAPES.length);
  let best: Stone[] = [];
  let bestAbs = Infinity;
  for (const shape of SHAPES) {
    const stones = shape.map(([dx, dy], i) => ({ x: c + dx, y: c + dy, color: (i === 1 ? 2 : 1) as 1 | 2 }));
    const v = Math.abs(scoreValue(analyse({ size, rule, stones, toMove: 2 }, each).score));
    if (v < bestAbs) {
      bestAbs = v;
      best = stones;
    }
  }
  return best;
}

/**
 * The choice with 3 stones on the board (we are the second player, white so far) or with 5 (we
 * are the first player, choosing our colour). Stones alternate black, white, black, …
 */
export function swap2Decide(
  size: number,
  rule: Rule,
  stones: readonly Stone[],
  limits: Limits = { maxNodes: 80_000 },
  analyse: Analyse = think,
): Swap2Decision {
  if (stones.length !== 3 && stones.length !== 5) throw new RangeError(`swap2 decides with 3 or 5 stones, not ${stones.length}`);
  const half = split(limits, 2);
  const white = analyse({ size, rule, stones: [...stones], toMove: 2 }, half);
  const v = scoreValue(white.score);
  if (!white.move) return { kind: "swap" };
  if (stones.length === 5) return v >= 0 ? { kind: "play", move: white.move } : { kind: "swap" };
  if (v > SWAP2_EVEN) return { kind: "play", move: white.move };
  if (v < -SWAP2_EVEN) return { kind: "swap" };
  // Even: white's best 4th, then the 5th (black) that leaves the position closest to even.
  const four = [...stones, { ...white.move, color: 2 as const }];
  const black = analyse({ size, rule, stones: four, toMove: 1 }, { ...half, exactRootScores: true });
  let fifth = black.move;
  let bestAbs = Infinity;
  for (const r of black.rootScores) {
    const a = Math.abs(scoreValue(r.score));
    if (a < bestAbs) {
      bestAbs = a;
      fifth = r.move;
    }
  }
  if (!fifth) return { kind: "play", move: white.move };
  return { kind: "place", moves: [white.move, fifth] };
}
