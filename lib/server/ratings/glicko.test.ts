import { describe, expect, it } from "vitest";
import { rateGame, ratePeriod } from "./glicko";

describe("Glicko-2 through our wrapper", () => {
  it("reproduces the worked example of Glickman's paper (1500/200/0.06 vs 1400/30 won, 1550/100 lost, 1700/300 lost)", () => {
    const after = ratePeriod({ rating: 1500, rd: 200, vol: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, vol: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, vol: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, vol: 0.06 }, score: 0 },
    ]);
    // The paper rounds its intermediate steps (μ', φ' to 4 places): the exact arithmetic lands within 0.01 of its figures.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(after.rd - 151.52)).toBeLessThan(0.01);
    expect(Math.abs(after.vol - 0.05999)).toBeLessThan(0.00001);
  });

  it("moves a winner up and a loser down by mirrored amounts between equals; a draw between equals moves nobody", () => {
    const fresh = { rating: 1500, rd: 350, vol: 0.06 };
    const won = rateGame(fresh, fresh, 1);
    expect(won.a.rating).toBeGreaterThan(1500);
    expect(won.b.rating).toBeLessThan(1500);
    expect(won.a.rating - 1500).toBeCloseTo(1500 - won.b.rating, 6);
    expect(won.a.rd).toBeLessThan(350);
    const drawn = rateGame(fresh, fresh, 0.5);
    expect(drawn.a.rating).toBeCloseTo(1500, 6);
  });

  it("keeps a deviation within lichess's bounds (45 … 350)", () => {
    const settled = { rating: 2000, rd: 45, vol: 0.06 };
    const r = rateGame(settled, settled, 1);
    expect(r.a.rd).toBeGreaterThanOrEqual(45);
    expect(r.b.rd).toBeLessThanOrEqual(350);
  });
});
