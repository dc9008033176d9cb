// The clock port: where the server reads the time and sets its timers. Handed to the game core, the
// engine seats, the TV, the quick pairing and the analysis queue, so tests can run them on fake time
// (FakeClock) instead of waiting on the wall clock.

/** A timer set by a Clock; unref() lets the process exit while it is pending (as Node's timers). */
export interface TimerHandle {
  unref(): unknown;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(h: TimerHandle | null | undefined): void;
}

/** The wall clock and Node's timers. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => {
    if (h) clearTimeout(h as NodeJS.Timeout);
  },
};

/** Resolves after `ms` on `clock`. */
export const sleepOn = (clock: Clock, ms: number): Promise<void> => new Promise((r) => clock.setTimeout(r, ms));

/** A clock whose time moves only when told (advance): timers ring in order of their due time. */
export class FakeClock implements Clock {
  private timers = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;

  constructor(private t = Date.UTC(2026, 0, 1)) {}

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return { id, unref: () => undefined } as TimerHandle;
  }

  clearTimeout(h: TimerHandle | null | undefined): void {
    if (h) this.timers.delete((h as TimerHandle & { id: number }).id);
  }

  /** Timers waiting to ring. */
  get pending(): number {
    return this.timers.size;
  }

  /** Moves time on by `ms`, ringing each timer due on the way (and letting the promises they start settle). */
  async advance(ms: number): Promise<void> {
    const to = this.t + ms;
    await settle();
    for (;;) {
      const due = [...this.timers.entries()].filter(([, x]) => x.at <= to).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = Math.max(this.t, due[1].at);
      due[1].fn();
      await settle();
    }
    this.t = to;
    await settle();
  }
}

/** Lets pending promise chains run (a few turns of the event loop). */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
}
