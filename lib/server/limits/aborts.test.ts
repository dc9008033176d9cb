// The abort allowance: the day's last allowed abort starts a break from the lobby; others are not touched.
import { describe, expect, it } from "vitest";
import { AbortAllowance } from "./aborts";

describe("aborts per player", () => {
  it("4 aborts pass; the 5th starts a 15-minute break for that player only, and the count starts again", async () => {
    const a = new AbortAllowance({ perDay: 5, breakMinutes: 15 });
    for (let i = 0; i < 4; i++) {
      await a.aborted("griefer");
      expect((await a.allowed("griefer")).ok, `abort ${i + 1}`).toBe(true);
    }
    await a.aborted("griefer");
    const refused = await a.allowed("griefer");
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.retryMs).toBeGreaterThan(14 * 60_000);
      expect(refused.retryMs).toBeLessThanOrEqual(15 * 60_000);
    }
    expect((await a.allowed("someone else")).ok).toBe(true);
  });
});
