// One clock timer per game in progress on this node: it rings when the side to move runs out of
// time, and the service then flags the game (or sets the timer again). Only the timers: the
// maths are in ./clock.
export class ClockTimers {
  private timers = new Map<string, NodeJS.Timeout>();

  /** Rings `ring` in `ms` for game `id` (replacing its timer, if any). */
  set(id: string, ms: number, ring: () => void): void {
    this.clear(id);
    const t = setTimeout(() => {
      this.timers.delete(id);
      ring();
    }, ms);
    t.unref?.();
    this.timers.set(id, t);
  }

  clear(id: string): void {
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
  }

  has(id: string): boolean {
    return this.timers.has(id);
  }

  clearAll(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
