// The stall record (lib/server/games/stalls): what part of a turn the server could not listen.
// Pure parts (record, overlap) with given times; the probe itself is exercised by stall.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import { StallMonitor } from "../../lib/server/games/stalls";

const monitors: StallMonitor[] = [];
afterEach(() => {
  for (const m of monitors.splice(0)) m.stop();
});
const monitor = (opts = {}) => {
  const m = new StallMonitor(opts);
  monitors.push(m);
  return m;
};

describe("the stall record", () => {
  it("counts only the part of a turn that fell in a stall, over several stalls", () => {
    const m = monitor();
    const now = Date.now();
    m.record(now - 10_000, now - 8_000); // 2 s
    m.record(now - 5_000, now - 4_500); // 0.5 s
    expect(m.overlapMs(now - 20_000, now)).toBe(2_500);
    expect(m.overlapMs(now - 9_000, now)).toBe(1_500); // the turn began in the first stall
    expect(m.overlapMs(now - 4_000, now)).toBe(0); // after both
    expect(m.overlapMs(now - 9_500, now - 9_000)).toBe(500);
  });

  it("forgets stalls older than it keeps (no turn lasts that long), and an empty span is nothing", () => {
    const m = monitor({ keepMs: 60_000 });
    const now = Date.now();
    m.record(now - 120_000, now - 110_000);
    m.record(now - 1_000, now - 1_000);
    m.record(now - 30_000, now - 29_000);
    expect(m.overlapMs(now - 200_000, now)).toBe(1_000);
  });
});
