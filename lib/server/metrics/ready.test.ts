import { describe, expect, it } from "vitest";
import { sharedReadiness, type Check } from "./ready";

describe("sharedReadiness: one check serves every probe for a second", () => {
  it("a flood of probes runs the check once per second, shares one in flight, and does not keep a failure", async () => {
    let t = 0;
    let runs = 0;
    let fail = false;
    const check = sharedReadiness(
      async (): Promise<Check[]> => {
        runs++;
        if (fail) throw new Error("down");
        return [{ name: "database", ok: true }];
      },
      1000,
      () => t,
    );
    const answers = await Promise.all(Array.from({ length: 495 }, () => check()));
    expect(runs).toBe(1);
    expect(answers.every((a) => a[0].ok)).toBe(true);
    t = 999;
    await check();
    expect(runs).toBe(1);
    t = 1000;
    await check();
    expect(runs).toBe(2);
    t = 2000;
    fail = true;
    await expect(check()).rejects.toThrow("down");
    fail = false;
    await check();
    expect(runs).toBe(4);
  });
});
