// AwayWatch through its host interface, on fake time: a search for a person who left the room is
// stopped after goneMs (not before), and searched again when they are back.
import { describe, expect, it, vi } from "vitest";
import { AwayWatch, type AwayWatchHost } from "../../lib/server/games/away-watch";
import { FakeClock } from "../../lib/server/time";
import { game, memoryLog } from "./fakes";

function setup(opts: { cluster?: boolean; goneMs?: number } = {}) {
  const clock = new FakeClock();
  const state = { connected: false, searching: true };
  const host = {
    cluster: opts.cluster ?? false,
    log: memoryLog(),
    clock,
    seatConnected: vi.fn(() => state.connected),
    searching: vi.fn(() => state.searching),
    stopSearch: vi.fn(() => {
      state.searching = false;
      return 2;
    }),
    resume: vi.fn(async () => undefined),
  } satisfies AwayWatchHost;
  return { clock, state, host, watch: new AwayWatch(host, opts.goneMs ?? 20_000) };
}

describe("AwayWatch: the engine does not search for a person who is gone", () => {
  it("stops the search once the person has been away goneMs, and restarts the turn when they are back", async () => {
    const { clock, state, host, watch } = setup();
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    watch.watch(e);
    await clock.advance(19_999);
    expect(host.stopSearch).not.toHaveBeenCalled();
    await clock.advance(1);
    expect(host.stopSearch).toHaveBeenCalledWith(e.id);
    expect(host.log.lines.at(-1)?.msg).toBe("engine search stopped: its player is gone");
    state.connected = true;
    watch.seatsChanged(e);
    expect(host.resume).toHaveBeenCalledWith(e.id);
    watch.seatsChanged(e); // no longer parked: not resumed twice
    expect(host.resume).toHaveBeenCalledTimes(1);
  });

  it("back before goneMs: the search goes on and nothing is resumed", async () => {
    const { clock, state, host, watch } = setup();
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    watch.watch(e);
    await clock.advance(10_000);
    state.connected = true;
    watch.seatsChanged(e);
    await clock.advance(60_000);
    expect(host.stopSearch).not.toHaveBeenCalled();
    expect(host.resume).not.toHaveBeenCalled();
  });

  it("leaving during a search starts the watch (seatsChanged); the turn ending clears it", async () => {
    const { clock, host, watch } = setup();
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    watch.seatsChanged(e);
    expect(clock.pending).toBe(1);
    watch.clear(e.id);
    await clock.advance(60_000);
    expect(host.stopSearch).not.toHaveBeenCalled();
  });

  it("never with a clock, in a cluster, with goneMs 0, AI vs AI, without a search, or with the person in the room", () => {
    const cases = [
      { s: setup(), e: game("hva", { clocked: true }) },
      { s: setup({ cluster: true }), e: game("hva") },
      { s: setup({ goneMs: 0 }), e: game("hva") },
      { s: setup(), e: game("ava") },
    ];
    const idle = setup();
    idle.state.searching = false;
    const here = setup();
    here.state.connected = true;
    cases.push({ s: idle, e: game("hva") }, { s: here, e: game("hva") });
    for (const { s, e } of cases) {
      s.watch.watch(e);
      expect(s.clock.pending).toBe(0);
    }
  });

  it("a turn restarted while parked is no longer parked (unpark): coming back resumes nothing", async () => {
    const { clock, state, host, watch } = setup();
    const e = game("hva", { moves: [{ x: 7, y: 7 }] });
    watch.watch(e);
    await clock.advance(20_000);
    watch.unpark(e.id);
    state.connected = true;
    watch.seatsChanged(e);
    expect(host.resume).not.toHaveBeenCalled();
  });
});
