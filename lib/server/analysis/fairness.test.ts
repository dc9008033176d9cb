// The analysis queue's order (./fairness), pure: the hostile row of issue 25 ("25 addresses × 2
// requests of imported 385-ply games: everyone else waits 35 minutes") in numbers.
import { describe, expect, it } from "vitest";
import { fairOrder, networkPlies, pliesAhead, type OpenJob, type RecentStart } from "./fairness";

let clock = 0;
const job = (gameId: string, requestedIp: string | null, total: number, requestedBy: string | null = null, done = 0): OpenJob => ({
  gameId,
  requestedBy,
  requestedIp,
  total,
  done,
  createdAt: new Date(++clock * 1000),
});

describe("the analysis queue's fair order", () => {
  it("25 addresses of one /24 × 2 imported 385-ply games: a newcomer's short game goes next", () => {
    const flood = Array.from({ length: 50 }, (_, i) => job(`flood-${i}`, `127.0.0.${(i % 25) + 1}`, 385));
    const newcomer = job("newcomer", "198.51.100.7", 40);
    const open = [...flood, newcomer];
    expect(networkPlies("127.0.0.0/24", open)).toBe(50 * 385);
    expect(pliesAhead(newcomer, open)).toBe(0);
    // flood-0 is running (not a candidate): the newcomer is first among the rest.
    expect(fairOrder(open.slice(1), open, [])[0]).toBe("newcomer");
  });

  it("alts of one identity on several networks count as one party", () => {
    const a1 = job("a1", "203.0.113.1", 100, "alice");
    const a2 = job("a2", "198.51.100.1", 100, "alice");
    const b1 = job("b1", "192.0.2.1", 100, "bob");
    const open = [a1, a2, b1];
    expect(pliesAhead(a2, open)).toBe(100);
    expect(fairOrder([a2, b1], open, [])).toEqual(["b1", "a2"]);
  });

  it("round-robin between parties with nothing ahead: the one served least recently first, then the oldest job", () => {
    const a2 = job("a2", "203.0.113.1", 9);
    const b1 = job("b1", "198.51.100.1", 9);
    const c1 = job("c1", "192.0.2.1", 9);
    const starts: RecentStart[] = [
      { requestedBy: null, requestedIp: "203.0.113.99", startedAt: new Date(5000_000) }, // a's network just had a turn
      { requestedBy: null, requestedIp: "192.0.2.1", startedAt: new Date(4000_000) },
    ];
    expect(fairOrder([a2, b1, c1], [a2, b1, c1], starts)).toEqual(["b1", "c1", "a2"]);
  });

  it("cost in plies: a party's long game weighs more than its short one; a job partly done counts what is left", () => {
    const long = job("long", "203.0.113.1", 385, null, 300);
    const next = job("next", "203.0.113.2", 9);
    const other = job("other", "198.51.100.1", 9);
    const open = [long, next, other];
    expect(pliesAhead(next, open)).toBe(85);
    expect(fairOrder([next, other], open, [])).toEqual(["other", "next"]);
  });

  it("automatic jobs (nobody asked) are one party of their own", () => {
    const auto1 = job("auto1", null, 30);
    const auto2 = job("auto2", null, 30);
    const asked = job("asked", "203.0.113.1", 30);
    const open = [auto1, auto2, asked];
    expect(fairOrder([auto2, asked], open, [])).toEqual(["asked", "auto2"]);
  });
});
