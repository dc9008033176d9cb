// The away watch: in a game against the AI without a clock, a search for a person who has left the
// room is stopped once they have been gone long enough (the turn is "parked"), and searched again when
// they come back. One node only: with several, a node does not know every node's sockets.
import type { Color } from "../../../engine";
import type { Logger } from "../log";
import type { Clock, TimerHandle } from "../time";
import type { Entry } from "./entry";
import { humanSeatOf } from "./ai-parties";

/** What the watch sees and does: who is in the room, and the engine turn under way. */
export interface AwayWatchHost {
  readonly cluster: boolean;
  readonly log: Logger;
  readonly clock: Clock;
  /** Whether a socket of seat `color`'s player is in the game's room. */
  seatConnected(gameId: string, color: Color): boolean;
  /** An engine turn of the game is under way here. */
  searching(gameId: string): boolean;
  /** Stops the engine turn under way (its answer is dropped); the ply it was for, or null if none. */
  stopSearch(gameId: string): number | null;
  /** Restarts the game's engine turn (the service: resume). */
  resume(gameId: string): Promise<void>;
}

export class AwayWatch {
  /** Games whose player stepped away during the engine's search: when the wait runs out, the search is stopped. */
  private timers = new Map<string, TimerHandle>();
  /** Games whose engine turn was stopped because their player is gone: restarted when they come back. */
  private parked = new Set<string>();
  private closed = false;

  /** goneMs: how long the person may be away (0: never stop). */
  constructor(
    private readonly host: AwayWatchHost,
    private readonly goneMs: number,
  ) {}

  /** If the engine is searching for a player who is not in the room, stop the search once they have been away goneMs. */
  watch(e: Readonly<Entry>): void {
    const human = humanSeatOf(e);
    // With a clock the search is short (a fifth of the time left) and stopping it would lose the AI the game on time.
    if (this.goneMs <= 0 || this.host.cluster || e.clock || human === null || this.closed) return;
    if (!this.host.searching(e.id) || this.timers.has(e.id) || this.host.seatConnected(e.id, human)) return;
    const id = e.id;
    const t = this.host.clock.setTimeout(() => {
      this.timers.delete(id);
      if (this.closed || !this.host.searching(id) || this.host.seatConnected(id, human)) return;
      const ply = this.host.stopSearch(id);
      this.host.log.info({ gameId: id, ply, awayMs: this.goneMs }, "engine search stopped: its player is gone");
      this.parked.add(id);
    }, this.goneMs);
    t.unref();
    this.timers.set(id, t);
  }

  /** Who holds a seat in the room changed: back for a parked turn, search it now; gone, start the watch. */
  seatsChanged(e: Readonly<Entry>): void {
    if (this.closed) return;
    const human = humanSeatOf(e);
    if (human === null) return;
    if (this.host.seatConnected(e.id, human)) {
      this.clear(e.id);
      if (this.parked.delete(e.id))
        void this.host.resume(e.id).catch((err) => this.host.log.warn({ err, gameId: e.id }, "could not restart a stopped engine turn"));
    } else this.watch(e);
  }

  /** The engine turn ended (or the game was reset): no watch. */
  clear(gameId: string): void {
    this.host.clock.clearTimeout(this.timers.get(gameId));
    this.timers.delete(gameId);
  }

  /** A turn of the game starts (or its moves were rewritten): it is no longer parked. */
  unpark(gameId: string): void {
    this.parked.delete(gameId);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers.values()) this.host.clock.clearTimeout(t);
    this.timers.clear();
  }
}
