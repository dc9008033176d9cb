// Quick pairing's rating window: how far apart two waiting players' ratings may be. It starts
// narrow (a fair game) and widens with time waited (a game at all), as lichess's pools do.

export const WINDOW_START = 100;
export const WINDOW_MAX = 500;
/** The window reaches its widest after this long. */
export const WINDOW_FULL_MS = 30_000;

/** The rating distance a player who has waited `waitedMs` accepts. */
export function ratingWindow(waitedMs: number): number {
  const t = Math.min(1, Math.max(0, waitedMs) / WINDOW_FULL_MS);
  return WINDOW_START + (WINDOW_MAX - WINDOW_START) * t;
}

export interface Waiting {
  playerId: string;
  rating: number;
  /** When they started waiting (ms since the epoch). */
  since: number;
}

/**
 * Pairs of `waiting` (one pool) whose ratings are within both players' windows at `now`: the
 * longest-waiting first, each with the closest rating still free. Pure; every player in one pair at most;
 * never two that `apart` keeps apart (a block between them: lib/server/moderation/blocks).
 */
export function pairUp(waiting: readonly Waiting[], now: number, apart: (a: string, b: string) => boolean = () => false): Array<[Waiting, Waiting]> {
  const order = [...waiting].sort((a, b) => a.since - b.since || a.playerId.localeCompare(b.playerId));
  const taken = new Set<string>();
  const pairs: Array<[Waiting, Waiting]> = [];
  for (const a of order) {
    if (taken.has(a.playerId)) continue;
    let best: Waiting | null = null;
    for (const b of order) {
      if (b === a || taken.has(b.playerId) || apart(a.playerId, b.playerId)) continue;
      const gap = Math.abs(a.rating - b.rating);
      if (gap > Math.min(ratingWindow(now - a.since), ratingWindow(now - b.since))) continue;
      if (!best || gap < Math.abs(a.rating - best.rating)) best = b;
    }
    if (best) {
      taken.add(a.playerId).add(best.playerId);
      pairs.push([a, best]);
    }
  }
  return pairs;
}
