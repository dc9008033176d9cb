import { describe, expect, it } from "vitest";
import { pairSwiss, type SwissEntrant } from "./swiss-pairing";
import { swissStandings, type SwissGame } from "./swiss-score";

const e = (id: string, rating: number, over: Partial<SwissEntrant> = {}): SwissEntrant => ({
  id,
  score: 0,
  rating,
  byes: 0,
  opponents: new Set(),
  blacks: 0,
  whites: 0,
  last: null,
  ...over,
});

/** Plays `rounds` rounds where the higher rated always wins; returns the games. */
function simulate(ratings: number[], rounds: number): { games: SwissGame[]; byes: string[]; rematch: boolean } {
  const ps = ratings.map((r, i) => e(`p${i}`, r));
  const games: SwissGame[] = [];
  const byes: string[] = [];
  let rematch = false;
  for (let round = 1; round <= rounds; round++) {
    const r = pairSwiss(ps, round);
    rematch ||= r.rematches;
    const byId = new Map(ps.map((p) => [p.id, p]));
    if (r.bye) {
      byes.push(r.bye);
      const p = byId.get(r.bye)!;
      byId.set(p.id, { ...p, score: p.score + 2, byes: p.byes + 1 });
      games.push({ black: r.bye, white: null, result: "bye" });
    }
    for (const [b, w] of r.pairs) {
      const pb = byId.get(b)!;
      const pw = byId.get(w)!;
      const blackWins = pb.rating > pw.rating;
      games.push({ black: b, white: w, result: blackWins ? "black" : "white" });
      byId.set(b, { ...pb, score: pb.score + (blackWins ? 2 : 0), opponents: new Set([...pb.opponents, w]), blacks: pb.blacks + 1, last: "black" });
      byId.set(w, { ...pw, score: pw.score + (blackWins ? 0 : 2), opponents: new Set([...pw.opponents, b]), whites: pw.whites + 1, last: "white" });
    }
    ps.splice(0, ps.length, ...ps.map((p) => byId.get(p.id)!));
  }
  return { games, byes, rematch };
}

describe("swiss pairing (Dutch-like)", () => {
  it("round 1 of eight: top half meets bottom half (1–5, 2–6, 3–7, 4–8), colours alternating", () => {
    const ps = [2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300].map((r, i) => e(`s${i + 1}`, r));
    const r = pairSwiss(ps, 1);
    expect(r.bye).toBeNull();
    expect(r.pairs.map((p) => [...p].sort())).toEqual([
      ["s1", "s5"],
      ["s2", "s6"],
      ["s3", "s7"],
      ["s4", "s8"],
    ]);
  });

  it("round 2: winners meet winners, losers losers, no rematch", () => {
    const won = (id: string, r: number, opp: string) => e(id, r, { score: 2, opponents: new Set([opp]), blacks: 1, last: "black" });
    const lost = (id: string, r: number, opp: string) => e(id, r, { opponents: new Set([opp]), whites: 1, last: "white" });
    const r = pairSwiss([won("a", 2000, "c"), won("b", 1900, "d"), lost("c", 1800, "a"), lost("d", 1700, "b")], 2);
    expect(r.pairs.map((p) => [...p].sort())).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(r.rematches).toBe(false);
  });

  it("five players, three rounds: a bye each round to a different player (the lowest without one), no rematch, colours within one", () => {
    const { games, byes, rematch } = simulate([1900, 1800, 1700, 1600, 1500], 3);
    expect(rematch).toBe(false);
    expect(new Set(byes).size).toBe(3);
    expect(byes[0]).toBe("p4"); // the lowest
    const met = games.filter((g) => g.white).map((g) => [g.black, g.white!].sort().join("-"));
    expect(new Set(met).size).toBe(met.length);
    for (const id of ["p0", "p1", "p2", "p3", "p4"]) {
      const b = games.filter((g) => g.white && g.black === id).length;
      const w = games.filter((g) => g.white === id).length;
      expect(Math.abs(b - w)).toBeLessThanOrEqual(1);
    }
  });

  it("properties over many sizes: everyone paired once a round, the bye never twice while someone has none", () => {
    for (const n of [2, 3, 4, 6, 7, 9, 12]) {
      const rounds = Math.min(n - 1, 5);
      const ratings = Array.from({ length: n }, (_, i) => 2000 - ((i * 53) % 700));
      const { games, byes, rematch } = simulate(ratings, rounds);
      expect(games.length).toBe(rounds * Math.ceil(n / 2));
      if (n % 2) expect(new Set(byes).size).toBe(Math.min(rounds, n));
      if (n >= 6) expect(rematch).toBe(false);
    }
  });
});

describe("swiss tie-breaks", () => {
  it("Buchholz and Sonneborn–Berger on a hand-worked five-player event", () => {
    // R1: A beats B, C draws D, E bye. R2: A beats C, D beats E, B bye. R3: D draws A, B beats E, C bye.
    const games: SwissGame[] = [
      { black: "A", white: "B", result: "black" },
      { black: "C", white: "D", result: "draw" },
      { black: "E", white: null, result: "bye" },
      { black: "C", white: "A", result: "white" },
      { black: "D", white: "E", result: "black" },
      { black: "B", white: null, result: "bye" },
      { black: "D", white: "A", result: "draw" },
      { black: "B", white: "E", result: "black" },
      { black: "C", white: null, result: "bye" },
    ];
    const s = Object.fromEntries(swissStandings(["A", "B", "C", "D", "E"], games).map((r) => [r.id, r]));
    // Scores (half points): A 2+2+1=5, B 0+2+2=4, C 1+0+2=3, D 1+2+1=4, E 2+0+0=2.
    expect([s.A.score, s.B.score, s.C.score, s.D.score, s.E.score]).toEqual([5, 4, 3, 4, 2]);
    // Buchholz: A met B, C, D = 4+3+4 = 11; B met A, E = 7; C met D, A = 9; D met C, E, A = 10; E met D, B = 8.
    expect([s.A.buchholz, s.B.buchholz, s.C.buchholz, s.D.buchholz, s.E.buchholz]).toEqual([11, 7, 9, 10, 8]);
    // Sonneborn–Berger (×4): A beat B (4) and C (3), drew D (4): 2·4+2·3+1·4 = 18; D drew C, beat E, drew A: 3+2·2+5 = 12.
    expect(s.A.sonneborn).toBe(18);
    expect(s.D.sonneborn).toBe(12);
    expect(s.E.sonneborn).toBe(0);
  });
});
