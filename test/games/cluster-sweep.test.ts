// ClusterSweep through its host interface, on fake time: claims held elsewhere are retried when they
// lapse; every sweepMs the games nobody moves are resumed, and the ones under way somewhere are left.
import { describe, expect, it, vi } from "vitest";
import { ClusterSweep, SWEEP_SKIP_FRESH_MS, type ClusterSweepHost } from "../../lib/server/games/cluster-sweep";
import type { Entry } from "../../lib/server/games/entry";
import { FakeClock, settle } from "../../lib/server/time";
import { game, memoryLog } from "./fakes";

type Row = { id: string; aiClaimUntil: Date | null; clocked: boolean };

function setup(rows: Row[] = [], opts: { cluster?: boolean; peek?: Entry; clockHere?: boolean } = {}) {
  const clock = new FakeClock();
  const host = {
    cluster: opts.cluster ?? true,
    log: memoryLog(),
    clock,
    rows: { sweepCandidates: vi.fn(async () => rows) },
    searching: vi.fn((id: string) => id === "searching"),
    locked: vi.fn((id: string) => id === "locked"),
    clockRunning: vi.fn(() => opts.clockHere ?? false),
    peek: vi.fn(() => opts.peek),
    resume: vi.fn(async () => undefined),
  } satisfies ClusterSweepHost;
  return { clock, host, sweep: new ClusterSweep(host, 5000, () => 0) };
}

describe("ClusterSweep: games a dead node left are picked up", () => {
  it("retryAt: resumes the game 50 ms after the other node's claim lapses", async () => {
    const { clock, host, sweep } = setup();
    sweep.retryAt("g", new Date(clock.now() + 3000));
    sweep.retryAt("g", new Date(clock.now() + 9000)); // one retry per game
    await clock.advance(3049);
    expect(host.resume).not.toHaveBeenCalled();
    await clock.advance(1);
    expect(host.resume).toHaveBeenCalledWith("g");
    expect(host.resume).toHaveBeenCalledTimes(1);
  });

  it("every sweepMs: resumes the games nobody is moving, leaving those searched, locked, claimed or awaiting a retry", async () => {
    const now = Date.UTC(2026, 0, 1);
    const rows: Row[] = [
      { id: "orphan", aiClaimUntil: null, clocked: false },
      { id: "lapsed", aiClaimUntil: new Date(now - 1), clocked: false },
      { id: "searching", aiClaimUntil: null, clocked: false },
      { id: "locked", aiClaimUntil: null, clocked: false },
      { id: "claimed", aiClaimUntil: new Date(now + 60_000), clocked: false },
      { id: "retrying", aiClaimUntil: null, clocked: false },
    ];
    const { clock, host, sweep } = setup(rows);
    sweep.retryAt("retrying", new Date(now + 60_000));
    sweep.start();
    sweep.start(); // one sweep
    await clock.advance(4999);
    expect(host.rows.sweepCandidates).not.toHaveBeenCalled();
    await clock.advance(1);
    expect(host.resume.mock.calls).toEqual([
      ["orphan", { skipFreshMs: SWEEP_SKIP_FRESH_MS }],
      ["lapsed", { skipFreshMs: SWEEP_SKIP_FRESH_MS }],
    ]);
    await clock.advance(5000);
    expect(host.rows.sweepCandidates).toHaveBeenCalledTimes(2);
  });

  it("a clocked game whose clock runs here and whose person is to move is left to its clock", async () => {
    const e = game("hva", { clocked: true }); // black, the person, to move
    const { clock, host, sweep } = setup([{ id: e.id, aiClaimUntil: null, clocked: true }], { peek: e, clockHere: true });
    sweep.start();
    await clock.advance(5000);
    expect(host.resume).not.toHaveBeenCalled();
  });

  it("one node (no cluster): no sweep; close stops the sweep and the retries", async () => {
    const single = setup([{ id: "orphan", aiClaimUntil: null, clocked: false }], { cluster: false });
    single.sweep.start();
    expect(single.clock.pending).toBe(0);
    const { clock, host, sweep } = setup([{ id: "orphan", aiClaimUntil: null, clocked: false }]);
    sweep.start();
    sweep.retryAt("g", new Date(clock.now() + 100));
    sweep.close();
    await clock.advance(60_000);
    await settle();
    expect(host.resume).not.toHaveBeenCalled();
    expect(clock.pending).toBe(0);
  });
});
