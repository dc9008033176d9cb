import { describe, expect, it } from "vitest";
import type { Score } from "../../../engine";
import { applyUpdate, fitK, judgeMove, logLoss, moveAccuracy, shownScore, summarize, THRESHOLDS, winPercent, type WinSample } from ".";

const ev = (value: number): Score => ({ kind: "eval", value });
const win = (plies: number): Score => ({ kind: "win", plies });
const loss = (plies: number): Score => ({ kind: "loss", plies });
/** The eval whose win % is `p` at k. */
const evalAt = (p: number, k = 0.0029) => Math.round(Math.log(p / (100 - p)) / k);

describe("win probability", () => {
  it("is 50 % at 0, symmetric, forced results at the ends", () => {
    expect(winPercent(ev(0))).toBe(50);
    expect(winPercent(ev(300)) + winPercent(ev(-300))).toBeCloseTo(100, 9);
    expect(winPercent(win(3))).toBe(100);
    expect(winPercent(loss(2))).toBe(0);
    expect(winPercent(ev(500))).toBeGreaterThan(winPercent(ev(100)));
  });

  it("the fit finds the k that generated the outcomes", () => {
    // Outcomes drawn from a known curve (k = 0.004) with a fixed pseudo-random sequence.
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const samples: WinSample[] = [];
    for (let i = 0; i < 4000; i++) {
      const value = Math.round((rand() - 0.5) * 2000);
      samples.push({ value, outcome: rand() < 1 / (1 + Math.exp(-0.004 * value)) ? 1 : 0 });
    }
    const { k, logLoss: ll } = fitK(samples);
    expect(k).toBeGreaterThan(0.0034);
    expect(k).toBeLessThan(0.0047);
    expect(ll).toBeLessThanOrEqual(logLoss(samples, 0.002));
    expect(ll).toBeLessThanOrEqual(logLoss(samples, 0.008));
  });
});

describe("marks", () => {
  const k = 0.0029;
  it("classifies by the win-% drop: 10 / 20 / 30", () => {
    const best = ev(0); // 50 %
    const at = (p: number) => judgeMove({ best, played: ev(evalAt(p)), candidates: [best, ev(evalAt(p))], k });
    expect(at(45).mark).toBe("good");
    expect(at(50 - THRESHOLDS.inaccuracy - 1).mark).toBe("inaccuracy");
    expect(at(50 - THRESHOLDS.mistake - 1).mark).toBe("mistake");
    expect(at(50 - THRESHOLDS.blunder - 1).mark).toBe("blunder");
    expect(at(45).rank).toBe(2);
    expect(at(45).loss).toBeCloseTo(5, 0);
  });

  it("the best move is best, whatever its score", () => {
    const j = judgeMove({ best: ev(-400), played: ev(-400), candidates: [ev(-400), ev(-420), ev(-500)], k });
    expect(j).toMatchObject({ mark: "best", rank: 1, loss: 0 });
  });

  it("a forced win thrown away is a missed win, even when the position stays good", () => {
    const j = judgeMove({ best: win(5), played: ev(600), candidates: [win(5), ev(600), ev(200)], k });
    expect(j.mark).toBe("missed-win");
    expect(j.rank).toBe(2);
    expect(j.winBefore).toBe(100);
    // A slower forced win is not a missed win.
    expect(judgeMove({ best: win(3), played: win(7), candidates: [win(3), win(7)], k }).mark).toBe("good");
  });

  it("the only move: every other candidate loses", () => {
    const only = judgeMove({ best: ev(50), played: ev(50), candidates: [ev(50), loss(4), loss(2), ev(-900)], k });
    expect(only.mark).toBe("only");
    // One reasonable alternative: just best.
    expect(judgeMove({ best: ev(50), played: ev(50), candidates: [ev(50), ev(20), loss(2)], k }).mark).toBe("best");
    // A lost position where every move loses: best, not only.
    expect(judgeMove({ best: loss(6), played: loss(6), candidates: [loss(6), loss(2)], k }).mark).toBe("best");
  });
});

describe("accuracy", () => {
  it("a move that loses nothing is 100 %, a 30-point drop about 25 %", () => {
    expect(moveAccuracy(60, 60)).toBeCloseTo(100, 0);
    expect(moveAccuracy(60, 70)).toBeCloseTo(100, 0);
    expect(moveAccuracy(80, 50)).toBeGreaterThan(20);
    expect(moveAccuracy(80, 50)).toBeLessThan(30);
    expect(moveAccuracy(100, 0)).toBe(0);
  });

  it("per player: perfect play 100 %, a blunder pulls it down, counts of each mark", () => {
    const plies = [
      { color: 1 as const, winBefore: 55, winAfter: 55, mark: "best" as const },
      { color: 2 as const, winBefore: 45, winAfter: 44, mark: "good" as const },
      { color: 1 as const, winBefore: 56, winAfter: 56, mark: "best" as const },
      { color: 2 as const, winBefore: 44, winAfter: 5, mark: "blunder" as const },
      { color: 1 as const, winBefore: 95, winAfter: 95, mark: "best" as const },
    ];
    const s = summarize(plies);
    expect(s.black.accuracy).toBeCloseTo(100, 0);
    expect(s.black.marks.best).toBe(3);
    expect(s.white.marks).toMatchObject({ good: 1, blunder: 1, mistake: 0 });
    expect(s.white.accuracy!).toBeLessThan(60);
    expect(s.white.accuracy!).toBeLessThan(s.black.accuracy!);
    expect(s.white.moves).toBe(2);
    expect(summarize([]).black.accuracy).toBeNull();
  });
});

describe("the browser's copy of an analysis", () => {
  const ply = (n: number) => ({
    ply: n,
    color: (n % 2 ? 1 : 2) as 1 | 2,
    before: ev(0),
    after: ev(0),
    best: null,
    bestScore: ev(0),
    line: [],
    rank: 1,
    candidates: 3,
    winBefore: 50,
    winAfter: 50,
    loss: 0,
    mark: "best" as const,
    depth: 4,
  });
  const job = { gameId: "g", status: "running" as const, total: 3, reason: null, summary: null };
  it("appends plies in order, asks again after a gap, keeps the plies when done", () => {
    let v = applyUpdate(null, { ...job, done: 0, ply: null });
    expect(v).toMatchObject({ plies: [], done: 0 });
    v = applyUpdate(v as never, { ...job, done: 1, ply: ply(1) });
    expect((v as { plies: unknown[] }).plies).toHaveLength(1);
    expect(applyUpdate(v as never, { ...job, done: 3, ply: ply(3) })).toBe("refetch");
    v = applyUpdate(v as never, { ...job, done: 2, ply: ply(2) });
    v = applyUpdate(v as never, { ...job, done: 3, ply: ply(3) });
    v = applyUpdate(v as never, { ...job, status: "done", done: 3, ply: null });
    expect(v).toMatchObject({ status: "done", done: 3 });
    expect((v as { plies: unknown[] }).plies).toHaveLength(3);
  });

  it("shows the analysis's score of a move over the one stored with it (a pondering), and the stored one where there is no analysis", () => {
    const pondered = { ply: 2, score: ev(135) };
    const analysis = { ...job, done: 2, plies: [ply(1), { ...ply(2), after: ev(-40) }] };
    expect(shownScore(analysis, pondered)).toEqual({ score: ev(-40), from: "analysis" });
    expect(shownScore(null, pondered)).toEqual({ score: ev(135), from: "search" });
    expect(shownScore(analysis, { ply: 3, score: win(3) })).toEqual({ score: win(3), from: "search" }); // not analysed yet
    expect(shownScore(analysis, { ply: 1 })).toEqual({ score: ev(0), from: "analysis" }); // a move stored without a score
    expect(shownScore(null, { ply: 1 })).toBeNull();
  });
});
