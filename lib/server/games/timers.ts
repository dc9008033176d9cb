// One clock timer per game in progress on this node: it rings when the side to move runs out of
// time, and the service then flags the game (or sets the timer again). Only the timers: the
// maths are in ./clock.
import type { Clock, TimerHandle } from "../time";

export class ClockTimers {
  private timers = new Map<string, TimerHandle>();

  constructor(private readonly clock: Clock) {}

  /** Rings `ring` in `ms` for game `id` (replacing its timer, if any). */
  set(id: string, ms: number, ring: () => void): void {
    this.clear(id);
    const t = this.clock.setTimeout(() => {
      this.timers.delete(id);
      ring();
    }, ms);
    t.unref();
    this.timers.set(id, t);
  }

  clear(id: string): void {
    this.clock.clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  has(id: string): boolean {
    return this.timers.has(id);
  }

  clearAll(): void {
    for (const t of this.timers.values()) this.clock.clearTimeout(t);
    this.timers.clear();
  }
}
