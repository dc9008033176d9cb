import { describe, expect, it } from "vitest";
import { fitElo, type PairResult } from "./elo-fit";

const expected = (d: number) => 1 / (1 + 10 ** (-d / 400));

describe("fitElo", () => {
  it("recovers the ratings of a chain from its expected scores", () => {
    const truth: Record<string, number> = { L1: 800, L2: 1000, L3: 1300, L4: 1350 };
    const names = Object.keys(truth);
    const results: PairResult[] = [];
    for (let k = 0; k + 1 < names.length; k++) {
      const [a, b] = [names[k], names[k + 1]];
      const s = expected(truth[a] - truth[b]) * 1000; // 1000 games: the score as wins, the rest losses
      results.push({ a, b, wins: s, draws: 0, losses: 1000 - s });
    }
    const rows = fitElo(results, "L1", 800);
    for (const r of rows) expect(r.elo).toBeCloseTo(truth[r.name], 0);
    expect(rows.find((r) => r.name === "L1")!.margin).toBe(0);
    // Further from the anchor, the margin grows (errors add along the chain).
    const m = rows.map((r) => r.margin);
    expect(m[1]).toBeGreaterThan(0);
    expect(m[3]).toBeGreaterThan(m[1]);
  });

  it("keeps a clean sweep finite", () => {
    const rows = fitElo([{ a: "A", b: "B", wins: 10, draws: 0, losses: 0 }], "B", 1000);
    const a = rows.find((r) => r.name === "A")!;
    expect(Number.isFinite(a.elo)).toBe(true);
    expect(a.elo).toBeGreaterThan(1300);
  });

  it("refuses an anchor with no games", () => {
    expect(() => fitElo([{ a: "A", b: "B", wins: 1, draws: 0, losses: 1 }], "C", 0)).toThrow(/anchor/);
  });

  // h3's engine round robin: 1 and 3 split their games and both beat 2 twice (2 scored nothing, held at half a
  // point): the same record came out 1500 and 1507, or 1500 and 1493 with the results in another order.
  it("gives the same record the same Elo, whatever the order of the results, when one player scored nothing", () => {
    const r13 = { a: "1", b: "3", wins: 1, draws: 0, losses: 1 };
    const r12 = { a: "1", b: "2", wins: 2, draws: 0, losses: 0 };
    const r32 = { a: "3", b: "2", wins: 2, draws: 0, losses: 0 };
    const one = fitElo([r13, r12, r32], "1", 1500);
    const other = fitElo([r32, { a: "3", b: "1", wins: 1, draws: 0, losses: 1 }, r12], "1", 1500);
    const elo = (rows: typeof one, name: string) => rows.find((r) => r.name === name)!.elo;
    expect(elo(one, "3")).toBeCloseTo(1500, 6);
    expect(elo(other, "3")).toBeCloseTo(1500, 6);
    expect(elo(one, "2")).toBeCloseTo(elo(other, "2"), 6);
    expect(elo(one, "2")).toBeLessThan(1200);
  });
});
