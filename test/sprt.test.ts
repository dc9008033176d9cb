// SPRT statistics (bin/match/sprt.ts): the GSPRT log-likelihood ratio against values from an
// independent implementation of fishtest's LLRcalc.py (Python, scipy's brentq for the secular
// equation), the closed form where one exists, the bounds, and the stopping rule.
import { describe, expect, it } from "vitest";
import { eloEstimate, llr, llrApprox, mleWithMean, pairIndex, pdfOf, scoreOfElo, sprtBounds, sprtState } from "../bin/match/sprt";

describe("SPRT statistics", () => {
  it("bounds from alpha and beta", () => {
    const [lo, hi] = sprtBounds(0.05, 0.05);
    expect(lo).toBeCloseTo(-2.944439, 5);
    expect(hi).toBeCloseTo(2.944439, 5);
    const [lo2, hi2] = sprtBounds(0.05, 0.1);
    expect(lo2).toBeCloseTo(Math.log(0.1 / 0.95), 10);
    expect(hi2).toBeCloseTo(Math.log(0.9 / 0.05), 10);
  });

  it("LLR matches fishtest's formula (pentanomial and trinomial)", () => {
    // [counts, elo0, elo1, LLR from the Python reference]
    const cases: Array<[number[], number, number, number]> = [
      [[10, 20, 40, 22, 8], 0, 5, -0.08696918248244047],
      [[2, 30, 100, 40, 3], 0, 5, 0.5310869703810518],
      [[1, 5, 10, 5, 1], 0, 5, -0.011131331618828842],
      [[0, 0, 20, 40, 10], -5, 5, 2.014709579108566],
      [[50, 30, 45], 0, 10, -0.2573998241579194],
      [[30, 10, 60], 0, 20, 1.7366162216289147],
    ];
    for (const [counts, e0, e1, want] of cases) expect(llr(counts, e0, e1)).toBeCloseTo(want, 8);
  });

  it("without draws (nor regularization) the LLR is the binomial one", () => {
    // Only wins and losses: the one distribution with mean s is Bernoulli(s).
    const [w, l] = [60, 40];
    const s0 = scoreOfElo(0);
    const s1 = scoreOfElo(20);
    const want = w * Math.log(s1 / s0) + l * Math.log((1 - s1) / (1 - s0));
    expect(llr([l, 0, w], 0, 20, false)).toBeCloseTo(want, 9);
  });

  it("the MLE has the asked mean and sums to one", () => {
    const pdf = pdfOf([3, 10, 25, 12, 4]);
    for (const s of [0.45, 0.5, 0.52, 0.6]) {
      const p = mleWithMean(pdf, s);
      expect(p.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 9);
      expect(p.reduce((x, y, i) => x + y * pdf.a[i], 0)).toBeCloseTo(s, 9);
    }
  });

  it("the quick approximation is close for small Elo differences", () => {
    const counts = [40, 180, 400, 200, 45];
    expect(Math.abs(llrApprox(counts, 0, 5) - llr(counts, 0, 5))).toBeLessThan(0.05);
  });

  it("stops at the bounds: clear wins accept H1, clear losses H0, even results go on", () => {
    const p = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };
    expect(sprtState([0, 0, 0, 0, 0], p)).toMatchObject({ llr: 0, verdict: null });
    expect(sprtState([5, 40, 100, 40, 5], p).verdict).toBe(null);
    expect(sprtState([20, 100, 200, 300, 100], p).verdict).toBe("H1");
    expect(sprtState([100, 300, 200, 100, 20], p).verdict).toBe("H0");
    // H1 accepted for elo1=5 needs far more evidence than a 5 Elo edge in 100 pairs gives.
    expect(sprtState([10, 25, 30, 25, 10], p).verdict).toBe(null);
  });

  it("pairs map to the pentanomial and Elo has an interval around it", () => {
    expect([pairIndex(0, 0), pairIndex(0, 0.5), pairIndex(1, 0), pairIndex(0.5, 0.5), pairIndex(1, 0.5), pairIndex(1, 1)]).toEqual([0, 1, 2, 2, 3, 4]);
    const e = eloEstimate([5, 10, 20, 10, 5]);
    expect(e.score).toBeCloseTo(0.5, 12);
    expect(e.elo).toBeCloseTo(0, 9);
    expect(e.lo).toBeLessThan(0);
    expect(e.hi).toBeCloseTo(-e.lo, 9);
  });
});
