// Rating pools and quick-pairing pools, once for the server and the pages. A rated game counts in
// the pool of its rule × board size × speed; the speed comes from the clock's expected length
// (initial + 40 × increment, as lichess estimates a game of 40 moves each).
import type { Rule } from "../../engine";
import type { ClockSettings } from "./protocol";

export type Speed = "bullet" | "blitz" | "rapid" | "classical";

export function speedOf(clock: ClockSettings): Speed {
  const estimatedMs = clock.initialMs + 40 * clock.incrementMs;
  if (estimatedMs < 3 * 60_000) return "bullet";
  if (estimatedMs < 8 * 60_000) return "blitz";
  if (estimatedMs < 25 * 60_000) return "rapid";
  return "classical";
}

/** "freestyle-15-blitz": the rating pool of a rated game. */
export const ratingPoolOf = (g: { rule: Rule; size: number; clock: ClockSettings }): string => `${g.rule}-${g.size}-${speedOf(g.clock)}`;

const RULE_NAMES: Record<string, string> = { freestyle: "Freestyle", exact5: "Exactly five", renju: "Renju" };

/** "Freestyle 15×15 · blitz" */
export function ratingPoolLabel(pool: string): string {
  const [rule, size, speed] = pool.split("-");
  return `${RULE_NAMES[rule] ?? rule} ${size}×${size} · ${speed}`;
}

/** A quick-pairing pool: players waiting in it are paired by rating into a rated game with these settings. */
export interface QuickPool {
  id: string;
  size: number;
  rule: Rule;
  clock: ClockSettings;
  /** Opens with swap2 (lib/shared/swap2): the paired black places three stones, white chooses. */
  swap2?: boolean;
}

export const QUICK_POOLS: readonly QuickPool[] = [
  { id: "15-freestyle-3+2", size: 15, rule: "freestyle", clock: { initialMs: 180_000, incrementMs: 2_000 } },
  { id: "15-exact5-5+3", size: 15, rule: "exact5", clock: { initialMs: 300_000, incrementMs: 3_000 } },
  { id: "19-freestyle-10+5", size: 19, rule: "freestyle", clock: { initialMs: 600_000, incrementMs: 5_000 } },
  // Renju with swap2, as tournaments play it (renju alone still favours black).
  { id: "15-renju-swap2-5+3", size: 15, rule: "renju", clock: { initialMs: 300_000, incrementMs: 3_000 }, swap2: true },
];

/** "15×15 freestyle 3+2", "15×15 renju swap2 5+3" */
export const quickPoolLabel = (p: QuickPool): string =>
  `${p.size}×${p.size} ${RULE_NAMES[p.rule]?.toLowerCase() ?? p.rule}${p.swap2 ? " swap2" : ""} ${p.clock.initialMs / 60_000}+${p.clock.incrementMs / 1000}`;

/** Glicko-2's start, and the deviation above which a rating is provisional (shown with "?", as lichess does). */
export const DEFAULT_RATING = { rating: 1500, rd: 350, vol: 0.06 } as const;
export const PROVISIONAL_RD = 110;
