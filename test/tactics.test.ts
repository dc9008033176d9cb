// The tactics suite: positions well-formed, their solutions re-derived by the exact solver, and the
// engine solving the wins in 1 and 3 under a fixed depth/node limit (deterministic).
import { describe, expect, it } from "vitest";
import { think } from "../engine/index";
import { cellsOf, winningLine } from "../engine/rules";
import { toLabel, parseLabel } from "../lib/shared/notation";
import { ALL_TACTICS, TACTICS, positionOf, sizeOf, stonesOf } from "../bin/tactics/positions";
import { HARVESTED } from "../bin/tactics/harvested";
import { ThreatSolver } from "../engine/puzzles/solver";
import { longWinByFours, onlyDefence } from "../bin/tactics/verify";

/** A few harvested positions (quick to verify) that the solver re-checks on every run. */
const VERIFIED_IN_TESTS = [
  "w9-sp-dev-vcf-black-11x11-s13g177p29xc5",
  "w9-sp-dev-vcf-black-11x11-s13g154p17xh2",
  "w9-sp-dev-vcf-black-11x11-s14g107p19xb7",
  "d3-sp-only-move-black-11x11-s13g5p24",
];

describe("tactics positions", () => {
  it("has at least 20 positions with wins in 1, 3, 5 and 7 plies and unique ids", () => {
    expect(TACTICS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(TACTICS.map((t) => t.id)).size).toBe(TACTICS.length);
    for (const plies of [1, 3, 5, 7]) expect(TACTICS.filter((t) => t.plies === plies).length, `win in ${plies}`).toBeGreaterThanOrEqual(3);
    expect(TACTICS.some((t) => t.toMove === 2)).toBe(true);
  });

  it.each(TACTICS.map((t) => [t.id, t] as const))("%s is legal, not yet won, with the right side to move", (_id, t) => {
    const stones = stonesOf(t);
    const cells = cellsOf(15, stones);
    expect(new Set(stones.map((s) => `${s.x},${s.y}`)).size, "no point twice").toBe(stones.length);
    const black = stones.filter((s) => s.color === 1).length;
    const white = stones.length - black;
    expect(black - white, "black moves first").toBe(t.toMove === 1 ? 0 : 1);
    for (const s of stones) expect(winningLine(15, "freestyle", cells, s, s.color), `five through ${toLabel(s, 15)}`).toBeNull();
    expect(t.solutions.length).toBeGreaterThan(0);
    for (const m of t.solutions) {
      const p = parseLabel(m, 15);
      expect(p, m).not.toBeNull();
      expect(cells[p!.y * 15 + p!.x], `${m} is empty`).toBe(0);
    }
  });

  it.each(TACTICS.filter((t) => t.plies <= 5).map((t) => [t.id, t] as const))("%s: the solver finds exactly the listed solutions", (_id, t) => {
    const r = new ThreatSolver(15, stonesOf(t)).shortestWin(t.toMove, t.plies);
    expect(r?.plies).toBe(t.plies);
    expect(r!.moves.map((m) => toLabel(m, 15)).sort()).toEqual([...t.solutions].sort());
  });
});

// A plain full-width search (every attacker move, every defender reply) on small boards: slow but
// obviously right, so the solver's pruning can be checked against it.
function naiveWins(n: number, cells: Uint8Array, att: number, plies: number): boolean {
  const fiveAt = (i: number, c: number) => {
    const x0 = i % n;
    const y0 = (i - x0) / n;
    for (const [dx, dy] of [
      [1, 0],
      [0, 1],
      [1, 1],
      [1, -1],
    ]) {
      let run = 1;
      for (const s of [1, -1])
        for (let x = x0 + dx * s, y = y0 + dy * s; x >= 0 && y >= 0 && x < n && y < n && cells[y * n + x] === c; x += dx * s, y += dy * s) run++;
      if (run >= 5) return true;
    }
    return false;
  };
  for (let i = 0; i < cells.length; i++) if (!cells[i] && fiveAt(i, att)) return true;
  if (plies < 3) return false;
  for (let m = 0; m < cells.length; m++) {
    if (cells[m]) continue;
    cells[m] = att;
    let holds = false;
    let replies = 0;
    for (let r = 0; r < cells.length && !holds; r++) {
      if (cells[r]) continue;
      replies++;
      if (fiveAt(r, 3 - att)) holds = true;
      else {
        cells[r] = 3 - att;
        holds = !naiveWins(n, cells, att, plies - 2);
        cells[r] = 0;
      }
    }
    cells[m] = 0;
    if (!holds && replies > 0) return true;
  }
  return false;
}

describe("the solver against a full-width search on small boards", () => {
  it.each([
    [7, 3, 300, 1],
    [7, 5, 100, 2],
    [6, 5, 100, 3],
  ])("board %i, wins within %i plies, %i random positions (seed %i)", (n, plies, count, seed0) => {
    let seed = seed0;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let wins = 0;
    for (let k = 0; k < count; k++) {
      const cells = new Uint8Array(n * n);
      const stones: { x: number; y: number; color: 1 | 2 }[] = [];
      const want = 6 + Math.floor(rnd() * 12);
      for (let s = 0; s < want; s++) {
        let i: number;
        do i = Math.floor(rnd() * n * n);
        while (cells[i]);
        const color = (s % 2 === 0 ? 1 : 2) as 1 | 2;
        cells[i] = color;
        const p = { x: i % n, y: Math.floor(i / n) };
        if (winningLine(n, "freestyle", cells, p, color)) cells[i] = 0;
        else stones.push({ ...p, color });
      }
      const att = stones.filter((s) => s.color === 1).length <= stones.filter((s) => s.color === 2).length ? 1 : 2;
      const solver = new ThreatSolver(n, stones);
      for (let p = 1; p <= plies; p += 2) {
        const naive = naiveWins(n, cells, att, p);
        wins += naive ? 1 : 0;
        expect(solver.wins(att, p), JSON.stringify({ stones, att, p })).toBe(naive);
      }
    }
    expect(wins).toBeGreaterThan(0);
  });
});

describe("the engine on the short wins (fixed limits)", () => {
  it.each(TACTICS.filter((t) => t.plies <= 3).map((t) => [t.id, t] as const))("%s", (_id, t) => {
    const a = think(positionOf(t), { maxDepth: 4, maxNodes: 200_000 });
    expect(t.solutions).toContain(a.move ? toLabel(a.move, 15) : "-");
    expect(a.score).toEqual({ kind: "win", plies: t.plies });
  });
});

// The harvested positions (bin/tactics/harvested.ts): their shape here; the solver re-derives a few
// (the whole set: npm run bench:tactics -- --only sp- --verify, a few minutes).
describe("harvested tactics positions", () => {
  it("has at least 100 positions, both kinds and both colours, ids unique across the suite", () => {
    expect(HARVESTED.length).toBeGreaterThanOrEqual(100);
    expect(new Set(ALL_TACTICS.map((t) => t.id)).size).toBe(ALL_TACTICS.length);
    const wins = HARVESTED.filter((t) => t.kind === "win");
    const defences = HARVESTED.filter((t) => t.kind === "defence");
    expect(wins.length + defences.length).toBe(HARVESTED.length);
    for (const list of [wins, defences]) for (const c of [1, 2]) expect(list.some((t) => t.toMove === c)).toBe(true);
  });

  it.each(HARVESTED.map((t) => [t.id, t] as const))("%s is well-formed", (_id, t) => {
    const size = sizeOf(t);
    expect([11, 15]).toContain(size);
    if (t.kind === "win") {
      expect(t.id).toMatch(new RegExp(`^w${t.plies}-sp(-dev)?-vcf-(black|white)`));
      expect(t.plies % 2 === 1 && t.plies >= 9 && t.plies <= 17).toBe(true);
    } else {
      expect(t.id).toMatch(new RegExp(`^d${t.plies}-sp-only-move-(black|white)`));
      expect(t.solutions).toHaveLength(1);
    }
    expect(t.id).toContain(t.toMove === 1 ? "black" : "white");
    const stones = stonesOf(t);
    const cells = cellsOf(size, stones);
    expect(new Set(stones.map((s) => `${s.x},${s.y}`)).size).toBe(stones.length);
    const black = stones.filter((s) => s.color === 1).length;
    expect(black - (stones.length - black)).toBe(t.toMove === 1 ? 0 : 1);
    for (const s of stones) expect(winningLine(size, "freestyle", cells, s, s.color)).toBeNull();
    for (const m of t.solutions) {
      const p = parseLabel(m, size);
      expect(p, m).not.toBeNull();
      expect(cells[p!.y * size + p!.x]).toBe(0);
    }
  });

  it.each(VERIFIED_IN_TESTS.map((id) => [id, HARVESTED.find((t) => t.id === id)!] as const))("%s: the solver agrees", (_id, t) => {
    const size = sizeOf(t);
    if (t.kind === "defence") {
      const d = onlyDefence(size, stonesOf(t), t.toMove);
      expect(d).toMatchObject({ move: t.solutions[0], threat: t.plies });
    } else {
      const w = longWinByFours(size, stonesOf(t), t.toMove);
      expect(w).toMatchObject({ plies: t.plies, solutions: [...t.solutions].sort() });
    }
  });
});
