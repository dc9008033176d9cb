// The games list, shared and kept briefly: identical requests made while one query runs wait for
// that query (single flight), and its answer serves identical requests for a second or two. A
// list is two queries over the whole archive; without this, a few sockets asking for the archive
// as fast as the rate limits allow keep the event loop busy and everyone's moves wait (issue #13).
//
// Freshness: the live list for LIVE_TTL_MS, the finished list for FINISHED_TTL_MS; any change to a
// game's status here (a seat taken, a game over, a resignation, a game created through
// invalidate()) forgets every entry at once, so a player never misses their own game. A plain
// move only changes a live game's ply count: the short TTL covers it. Changes made on other nodes
// show within the TTL.
import type { GameService } from "./service";
import type { ListInput } from "./inputs";

export type ListPage = Awaited<ReturnType<GameService["list"]>>;

/** How long a live list answer is reused. */
export const LIVE_TTL_MS = 1000;
/** How long a finished list (the archive, which only grows at its head) answer is reused. */
export const FINISHED_TTL_MS = 2000;

interface Slot {
  at: number;
  page: Promise<ListPage>;
}

export interface ListCache {
  list(input?: ListInput): Promise<ListPage>;
  /** Forget every answer (a game was created or changed status). */
  invalidate(): void;
  /** Queries actually run, and answers served without one (shared or cached). */
  readonly stats: { queries: number; shared: number };
  close(): void;
}

export function createListCache(games: GameService, opts: { liveTtlMs?: number; finishedTtlMs?: number; now?: () => number } = {}): ListCache {
  const liveTtl = opts.liveTtlMs ?? LIVE_TTL_MS;
  const finishedTtl = opts.finishedTtlMs ?? FINISHED_TTL_MS;
  const now = opts.now ?? Date.now;
  const slots = new Map<string, Slot>();
  const stats = { queries: 0, shared: 0 };

  // Dropping every slot also drops a query still running (it may miss the change): nobody is served it again.
  const invalidate = () => slots.clear();
  // Status changes (no move given: a seat taken, the end, a resignation, a takeback).
  const onChanged = (_gameId: string, move?: unknown) => {
    if (move === undefined) invalidate();
  };
  games.on("changed", onChanged);

  return {
    stats,
    invalidate,
    list(input = {}) {
      const status = input.status ?? "live";
      // Every field of the request (the archive's filters too: issue 27) in the key.
      const f = [input.player, input.result, input.rule, input.size, input.from, input.to].map((v) => v ?? "").join("|");
      const key = `${status}|${input.kind ?? ""}|${input.page ?? 1}|${input.by ?? ""}|${f}`;
      const ttl = status === "live" ? liveTtl : finishedTtl;
      const t = now();
      const hit = slots.get(key);
      if (hit && t - hit.at < ttl) {
        stats.shared++;
        return hit.page;
      }
      stats.queries++;
      const slot: Slot = { at: t, page: games.list(input) };
      slots.set(key, slot);
      // A failed query is not kept: the next request tries again.
      slot.page.catch(() => {
        if (slots.get(key) === slot) slots.delete(key);
      });
      // Entries expire lazily; keep the map from growing with pages nobody asks for twice.
      if (slots.size > 1000) for (const [k, s] of slots) if (t - s.at >= Math.max(liveTtl, finishedTtl)) slots.delete(k);
      return slot.page;
    },
    close() {
      games.off("changed", onChanged);
      slots.clear();
    },
  };
}
