// The TV's matches (./loop): a varied board, rule, engines and a short opening for each game, and the
// openings the engine tournaments reuse (lib/server/tournaments/engine). Pure, seeded by `rand`.
import { labOpening } from "../../../engine";
import type { Rule, Stone } from "../../../engine";
import type { EngineSettings } from "../../shared/protocol";

export interface TvMatch {
  size: number;
  rule: Rule;
  opening: Stone[];
  /** Swap2: the engines place and choose the opening (then `opening` is empty). */
  swap2?: boolean;
  black: EngineSettings;
  white: EngineSettings;
}

const TIMES = [200, 300, 500, 800, 1000, 1500, 2000, 3000, 5000];

/** A varied match: board, rule, engines (time per move, sometimes a depth cap) and a short opening; half the renju games open with swap2, as in tournaments. */
export function pickTvMatch(rand: () => number, opts: { timeMs?: [number, number]; sizes?: number[] } = {}): TvMatch {
  const pick = <T>(xs: readonly T[]): T => xs[Math.min(xs.length - 1, Math.floor(rand() * xs.length))];
  const [lo, hi] = opts.timeMs ?? [300, 1500];
  const times = TIMES.filter((t) => t >= lo && t <= hi);
  const engine = (): EngineSettings => {
    const e: EngineSettings = { algo: "alphabeta", timeMs: times.length ? pick(times) : Math.max(100, Math.min(10_000, lo)) };
    if (rand() < 0.15) e.maxDepth = pick([4, 6, 8]);
    return e;
  };
  const size = pick(opts.sizes ?? [15, 15, 15, 15, 13, 19]);
  const r = rand(); // one draw, so the rest of the match is as before for a given seed
  const rule: Rule = r < 0.2 ? "exact5" : r < 0.4 ? "renju" : "freestyle";
  const m: TvMatch = { size, rule, opening: tvOpening(size, rand), black: engine(), white: engine() };
  // Drawn last, so the rest of the match is as before for a given seed.
  if (rule === "renju" && rand() < 0.5) return { ...m, opening: [], swap2: true };
  return m;
}

/** The lab's four stones, or 2–3 random stones near the centre (black, white, black). */
export function tvOpening(size: number, rand: () => number): Stone[] {
  if (rand() < 0.2) return labOpening(size);
  const c = Math.floor(size / 2);
  const taken = new Set<string>();
  const stones: Stone[] = [];
  const place = (x: number, y: number, color: 1 | 2) => {
    taken.add(`${x},${y}`);
    stones.push({ x, y, color });
  };
  const near = (x: number, y: number, r: number): { x: number; y: number } => {
    for (let tries = 0; tries < 50; tries++) {
      const nx = x + Math.floor(rand() * (2 * r + 1)) - r;
      const ny = y + Math.floor(rand() * (2 * r + 1)) - r;
      if (nx >= 0 && ny >= 0 && nx < size && ny < size && !taken.has(`${nx},${ny}`)) return { x: nx, y: ny };
    }
    for (let i = 0; i < size * size; i++) if (!taken.has(`${i % size},${Math.floor(i / size)}`)) return { x: i % size, y: Math.floor(i / size) };
    return { x, y };
  };
  const b = near(c, c, 1);
  place(b.x, b.y, 1);
  const w = near(b.x, b.y, 1);
  place(w.x, w.y, 2);
  if (rand() < 0.5) {
    const b2 = near(c, c, 2);
    place(b2.x, b2.y, 1);
  }
  return stones;
}
