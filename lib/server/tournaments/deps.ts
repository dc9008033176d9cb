// What every part of the tournaments gets: the rows, the game service (games are made there, as any
// pairing's), the clock (tests hand a FakeClock), and how to tell a player their game started.
import { dbProviderOf, type Db } from "../db/client";
import type { GameService } from "../games/service";
import type { Logger } from "../log";
import type { Clock } from "../time";

export interface TournamentDeps {
  db: Db;
  games: GameService;
  clock: Clock;
  log: Logger;
  nodeId: string;
  /** A game of theirs started (the realtime layer: lobby:started to the player's room, every node). */
  started(playerId: string, gameId: string): void;
  /** Event `id` changed (standings, games, entrants): its page's room hears it (every node; coalesced by ./index). */
  changed?(id: string): void;
  /** More to do at once (a wave seated over several passes): the director's next pass comes soon (set by the Director). */
  again?(): void;
  /**
   * Still this event's director? Renews the event's lease when a third of it has gone since it was
   * taken (a long pass must not let it lapse: another node would start directing meanwhile). Set by the Director.
   */
  holds?(): Promise<boolean>;
  /**
   * When each player of the event became free again, as this node's director saw it (it scored their
   * game): a wave seated over several passes serves those waiting longest first. Kept by the Director
   * per event while it holds the lease; a new holder starts empty and falls back on the rows.
   */
  waitingSince?: Map<string, number>;
  /** Per event held: when this node's director last looked for stale "starting" rows (./steps). Set by the Director. */
  unstuckAt?: Map<string, number>;
  /** Most games scored and pairs started in one pass (default: ./passSize by the database; tests set it small). */
  passSize?: PassSize;
  /** Time spent per phase of a pass (set by the Director for its slow-pass log line). */
  phases?: Map<string, number>;
}

/** Runs `fn`, adding its wall time to phase `name` of the pass (the slow-pass log says where a pass went). */
export async function timed<T>(d: Pick<TournamentDeps, "phases">, name: string, fn: () => Promise<T>): Promise<T> {
  if (!d.phases) return fn();
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    d.phases.set(name, (d.phases.get(name) ?? 0) + performance.now() - t0);
  }
}

export type TournamentRow = NonNullable<Awaited<ReturnType<Db["tournament"]["findUnique"]>>>;
export type EntrantRow = NonNullable<Awaited<ReturnType<Db["tournamentPlayer"]["findUnique"]>>>;
export type PairingRow = NonNullable<Awaited<ReturnType<Db["tournamentPairing"]["findUnique"]>>>;

/** Open pairings: made ("starting": its game not yet created) or played. */
export const OPEN = ["starting", "playing"];

/**
 * Most games scored and pairs started in one director pass (the rest: the next pass, at once). On SQLite a
 * pass's statements run on the node's own thread, so a big pass holds every game of the node: small passes.
 * On PostgreSQL the statements run in the database and a pass costs about the same for 100 pairs or 300
 * (its round trips, not its rows), so a big waiting room is seated in fewer passes.
 */
export function passSize(d: Pick<TournamentDeps, "db" | "passSize">): PassSize {
  return d.passSize ?? (dbProviderOf(d.db) === "postgresql" ? { scored: 400, pairs: 300 } : { scored: 100, pairs: 100 });
}

export type PassSize = { scored: number; pairs: number };
