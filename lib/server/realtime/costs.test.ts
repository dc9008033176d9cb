// Time-charged events: a list pays for the time it took, after the answer; the debt makes the
// address's next events wait, and a move is never charged for time.
import { describe, expect, it } from "vitest";
import { EV } from "../../shared/protocol";
import { costOf, POINTS_PER_MS, timeCost } from "./costs";
import { createLimiter } from "../limits/limiter";

const settings = {
  enabled: true,
  socketEventsPerSec: 1000,
  ipEventsPerSec: 100,
  ipConnectionsPerMin: 10,
  ipGamesPerMin: 10,
  maxPayloadBytes: 1e6,
  trustProxy: false,
};

describe("time-charged events", () => {
  it("charges an archive list its measured time; the live list (the lobby's) and a move nothing", () => {
    expect(timeCost(EV.list, 25.7, { status: "finished", page: 3 })).toBe(Math.floor(25.7 * POINTS_PER_MS));
    expect(timeCost(EV.list, 0.2, { status: "finished" })).toBe(0);
    expect(timeCost(EV.list, 300, { status: "live" })).toBe(0);
    expect(timeCost(EV.list, 300, undefined)).toBe(0);
    expect(timeCost(EV.move, 500, { status: "finished" })).toBe(0);
    expect(timeCost("no-such-event", 500)).toBe(0);
    expect(costOf(EV.list)).toBeGreaterThan(costOf(EV.move));
  });

  it("a charge over the budget refuses the address's next event until the window lets it through, with the wait", async () => {
    const limiter = createLimiter(settings);
    expect(await limiter.event("s1", "10.0.0.1", costOf(EV.list))).toEqual({ ok: true });
    // The archive page took 400 ms: 400 points against a 300-point window (100 a second, 3 s).
    await limiter.charge("10.0.0.1", timeCost(EV.list, 400, { status: "finished" }));
    const next = await limiter.event("s2", "10.0.0.1", costOf(EV.move));
    expect(next.ok).toBe(false);
    if (!next.ok) expect(next.retryMs).toBeGreaterThan(0);
    // Another address is not touched.
    expect(await limiter.event("s3", "10.0.0.2", costOf(EV.move))).toEqual({ ok: true });
    // With the limits off, nothing is charged.
    const off = createLimiter({ ...settings, enabled: false });
    await off.charge("10.0.0.1", 10_000);
    expect(await off.event("s1", "10.0.0.1")).toEqual({ ok: true });
  });
});
