// The AI scheduler's rules (lib/server/ai/scheduler), on their own: levels, slots, round robin
// between owners, the per-owner cap, the queue bound, aborts. No threads: slots are taken and given back by hand.
import { describe, expect, it } from "vitest";
import { chargeWait } from "../../lib/server/ai/pool";
import { AiBusyError, AiScheduler, type AiPriority, type Release, type SchedulerLimits } from "../../lib/server/ai/scheduler";

const limits = (l: Partial<SchedulerLimits> = {}): SchedulerLimits => ({ liveSlots: 1, backgroundSlots: 1, perOwner: 10, maxQueued: 100, ...l });

/** Acquires and records the order in which searches get their slot. */
function recorder(s: AiScheduler) {
  const order: string[] = [];
  const releases = new Map<string, Release>();
  const errors = new Map<string, unknown>();
  const ask = (name: string, owner: string, priority: AiPriority, signal?: AbortSignal) =>
    s.acquire(owner, priority, signal).then(
      (r) => {
        order.push(name);
        releases.set(name, r);
      },
      (err) => void errors.set(name, err),
    );
  return { order, releases, errors, ask };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("AI scheduler", () => {
  it("a live search never waits behind the TV: the TV has its own slots and cannot take more", async () => {
    const s = new AiScheduler(limits());
    const { order, ask } = recorder(s);
    void ask("tv1", "tv-a", "tv");
    void ask("tv2", "tv-b", "tv");
    void ask("live", "game", "live");
    await tick();
    expect(order).toEqual(["tv1", "live"]);
    expect(s.running).toBe(2);
    expect(s.queued).toBe(1); // tv2 waits for the TV's slot, not for the live one
  });

  it("on the background threads, the TV goes before analysis; within a level, owners take turns", async () => {
    const s = new AiScheduler(limits());
    const { order, releases, ask } = recorder(s);
    void ask("hold", "x", "analysis");
    await tick();
    void ask("an1", "a", "analysis");
    void ask("tv-a1", "a", "tv");
    void ask("tv-a2", "a", "tv");
    void ask("tv-a3", "a", "tv");
    void ask("tv-b1", "b", "tv");
    await tick();
    for (const name of ["hold", "tv-a1", "tv-b1", "tv-a2", "tv-a3"]) {
      releases.get(name)!();
      await tick();
    }
    expect(order).toEqual(["hold", "tv-a1", "tv-b1", "tv-a2", "tv-a3", "an1"]);
  });

  it("live: one owner's many searches do not push another owner's back (round robin)", async () => {
    const s = new AiScheduler(limits());
    const { order, releases, ask } = recorder(s);
    void ask("a1", "a", "live");
    await tick();
    void ask("a2", "a", "live");
    void ask("a3", "a", "live");
    void ask("a4", "a", "live");
    void ask("b1", "b", "live");
    await tick();
    for (const name of ["a1", "a2", "b1", "a3"]) {
      releases.get(name)!();
      await tick();
    }
    expect(order).toEqual(["a1", "a2", "b1", "a3", "a4"]);
  });

  it("per owner: at most perOwner searches waiting or running, then AI_BUSY; other owners are not affected", async () => {
    const s = new AiScheduler(limits({ perOwner: 2 }));
    const { order, releases, errors, ask } = recorder(s);
    void ask("a1", "a", "live");
    void ask("a2", "a", "live");
    await tick();
    expect(s.refusal("a", "live")).toMatch(/already working on 2 searches for this game/);
    expect(s.refusal("b", "live")).toBeNull();
    await ask("a3", "a", "live");
    expect(errors.get("a3")).toBeInstanceOf(AiBusyError);
    expect((errors.get("a3") as AiBusyError).code).toBe("AI_BUSY");
    void ask("b1", "b", "live");
    releases.get("a1")!();
    await tick();
    expect(order).toEqual(["a1", "a2"]); // a2 waited first; b1 is next
    expect(s.countOf("a")).toBe(1);
    expect(s.refusal("a", "live")).toBeNull();
  });

  it("the queue is bounded: when full, a new search is refused, unless it can push out a waiting one of a lower level", async () => {
    const s = new AiScheduler(limits({ maxQueued: 2 }));
    const { order, errors, ask } = recorder(s);
    void ask("live0", "g0", "live");
    void ask("tv0", "t0", "tv");
    await tick();
    void ask("live1", "g1", "live");
    void ask("tv1", "t1", "tv");
    await tick();
    expect(s.queued).toBe(2);
    // A TV search finds the queue full and nothing below it to push out.
    expect(s.refusal("t2", "tv")).toMatch(/busy/);
    await ask("tv2", "t2", "tv");
    expect(errors.get("tv2")).toBeInstanceOf(AiBusyError);
    // A live search pushes out the waiting TV search.
    expect(s.refusal("g2", "live")).toBeNull();
    void ask("live2", "g2", "live");
    await tick();
    expect(errors.get("tv1")).toBeInstanceOf(AiBusyError);
    expect(s.queued).toBe(2);
    expect(s.countOf("t1")).toBe(0);
    // The queue holds only live searches now: the next live one is refused.
    await ask("live3", "g3", "live");
    expect(errors.get("live3")).toBeInstanceOf(AiBusyError);
    expect(order).toEqual(["live0", "tv0"]);
  });

  it("a waiting search whose signal aborts leaves the queue; a release hands the slot on; failAll refuses the rest", async () => {
    const s = new AiScheduler(limits());
    const { order, releases, errors, ask } = recorder(s);
    void ask("a", "a", "live");
    await tick();
    const ac = new AbortController();
    void ask("b", "b", "live", ac.signal);
    void ask("c", "c", "live");
    void ask("d", "d", "live");
    await tick();
    expect(s.queued).toBe(3);
    ac.abort(new Error("taken back"));
    await tick();
    expect((errors.get("b") as Error).message).toBe("taken back");
    expect(s.queued).toBe(2);
    expect(s.countOf("b")).toBe(0);
    releases.get("a")!();
    releases.get("a")!(); // a second release does nothing
    await tick();
    expect(order).toEqual(["a", "c"]);
    expect(s.running).toBe(1);
    s.failAll(new Error("closing"));
    await tick();
    expect((errors.get("d") as Error).message).toBe("closing");
    expect(s.queued).toBe(0);
    releases.get("c")!();
    expect(s.running).toBe(0);
  });
});

describe("AI pool: the wait comes off the time limit", () => {
  it("down to a quarter of it; searches without a time limit are left alone", () => {
    expect(chargeWait({ timeMs: 1000 }, 0)).toEqual({ timeMs: 1000 });
    expect(chargeWait({ timeMs: 1000, maxDepth: 9 }, 300)).toEqual({ timeMs: 700, maxDepth: 9 });
    expect(chargeWait({ timeMs: 1000 }, 900)).toEqual({ timeMs: 250 });
    expect(chargeWait({ maxDepth: 4 }, 900)).toEqual({ maxDepth: 4 });
  });

  it("a search with threads holds that many slots of its kind (at most all): live turns never wait for it", async () => {
    const s = new AiScheduler(limits({ liveSlots: 1, backgroundSlots: 2 }));
    expect([s.slotsFor("analysis", 2), s.slotsFor("analysis", 5), s.slotsFor("analysis", 0), s.slotsFor("live", 2)]).toEqual([2, 2, 1, 1]);
    const order: string[] = [];
    const releases = new Map<string, Release>();
    const ask = (name: string, owner: string, priority: AiPriority, threads = 1) =>
      s.acquire(owner, priority, undefined, threads).then((r) => {
        order.push(name);
        releases.set(name, r);
      });
    void ask("tv", "t", "tv");
    await tick();
    void ask("smp", "a", "analysis", 2); // one slot free: it waits for two
    void ask("an", "b", "analysis"); // behind it, in turn
    void ask("live", "g", "live");
    await tick();
    expect(order).toEqual(["tv", "live"]);
    releases.get("tv")!();
    await tick();
    expect(order).toEqual(["tv", "live", "smp"]);
    expect(s.running).toBe(3); // live 1 + the analysis's 2
    void ask("tv2", "t", "tv"); // waits: both background slots are the analysis's
    await tick();
    expect(order).toEqual(["tv", "live", "smp"]);
    releases.get("smp")!();
    await tick();
    expect(order).toEqual(["tv", "live", "smp", "tv2", "an"]); // the TV first, then the analysis behind
    expect(s.running).toBe(3);
  });
});
