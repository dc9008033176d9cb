// When this process could not listen: a timer that should tick every `everyMs` and notes each gap
// longer than that by more than `minStallMs` (a blocked event loop: a slow parse, a long GC, a
// frozen VM). The clocks never charge those moments (lib/server/games/clock: StallSource), so a
// player whose move the server could not read is not charged for the wait.
//
// A stall still under way when a move or a flag is handled is counted too: after a long block the
// event loop may serve a socket's message before this timer's tick, and the time since the last
// tick (beyond the normal period) is then a stall that has not been recorded yet.
import { performance } from "node:perf_hooks";
import type { StallSource } from "./clock";
import type { Logger } from "../log";

export interface StallMonitorOptions {
  /** The probe's period (default 50 ms). */
  everyMs?: number;
  /** A gap longer than the period by more than this is a stall (default 100 ms). */
  minStallMs?: number;
  /** Stalls are kept this long: longer than any turn (default 6 h). */
  keepMs?: number;
  /** Stalls of at least `warnMs` are logged (default 1 s). */
  log?: Logger;
  warnMs?: number;
}

export class StallMonitor implements StallSource {
  private readonly everyMs: number;
  private readonly minStallMs: number;
  private readonly keepMs: number;
  /** [from, to] in ms since the epoch, oldest first. */
  private readonly stalls: Array<[number, number]> = [];
  private lastTick = performance.now();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: StallMonitorOptions = {}) {
    this.everyMs = opts.everyMs ?? 50;
    this.minStallMs = opts.minStallMs ?? 100;
    this.keepMs = opts.keepMs ?? 6 * 3600_000;
  }

  start(): this {
    if (this.timer) return this;
    this.lastTick = performance.now();
    this.timer = setInterval(() => this.tick(), this.everyMs);
    this.timer.unref();
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Notes that the server could not listen during [fromMs, toMs] (also: a restart's downtime). */
  record(fromMs: number, toMs: number): void {
    if (toMs <= fromMs) return;
    this.stalls.push([fromMs, toMs]);
    const oldest = Date.now() - this.keepMs;
    while (this.stalls.length > 10_000 || (this.stalls.length && this.stalls[0][1] < oldest)) this.stalls.shift();
  }

  overlapMs(fromMs: number, toMs: number): number {
    let ms = 0;
    for (const [a, b] of this.stalls) ms += Math.max(0, Math.min(b, toMs) - Math.max(a, fromMs));
    const open = this.openStall();
    if (open) ms += Math.max(0, Math.min(open[1], toMs) - Math.max(open[0], fromMs));
    return ms;
  }

  /** The stall under way now (the probe has not ticked for too long), if any. */
  private openStall(): [number, number] | null {
    if (!this.timer) return null;
    const gap = performance.now() - this.lastTick;
    if (gap <= this.everyMs + this.minStallMs) return null;
    const now = Date.now();
    return [now - gap + this.everyMs, now];
  }

  private tick(): void {
    const t = performance.now();
    const gap = t - this.lastTick;
    this.lastTick = t;
    if (gap <= this.everyMs + this.minStallMs) return;
    const now = Date.now();
    this.record(now - gap + this.everyMs, now);
    if (gap >= (this.opts.warnMs ?? 1000)) this.opts.log?.warn({ stallMs: Math.round(gap - this.everyMs) }, "the event loop stalled: not charged to any clock");
  }
}
