import { describe, expect, it } from "vitest";
import { median, nodeBudget, nodesPerCpuSecond } from "./cpu-nodes";

describe("bench:cpu-nodes figures", () => {
  it("takes the lower middle value, as the other benches", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2);
    expect(median([])).toBeNaN();
  });

  it("reads nodes per CPU second from microseconds", () => {
    expect(nodesPerCpuSecond(150_000, 250_000)).toBe(600_000);
    expect(() => nodesPerCpuSecond(1, 0)).toThrow(/positive/);
  });

  it("gives the budget for a time at the median speed, rounded down to a thousand", () => {
    expect(nodeBudget([592_245, 569_159, 626_990], 940)).toBe(556_000);
    expect(nodeBudget([10_000], 50)).toBe(1000);
    expect(() => nodeBudget([], 1000)).toThrow(/measured/);
    expect(() => nodeBudget([500_000], 0)).toThrow(/positive/);
  });
});
