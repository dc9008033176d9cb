import { describe, expect, it } from "vitest";
import { arenaPoints, arenaTotal, performance } from "./arena-score";
import { firstWave, pairArena, type ArenaWaiting } from "./arena-pairing";
import { coloursOf } from "./colours";
import { clockOf, type ClockedGame } from "../games/clock";

const g = (outcome: "win" | "draw" | "loss" | "none", berserk = false, ownMoves = 10) => ({ outcome, berserk, ownMoves });

describe("arena points (lila's rules)", () => {
  it("2 a win, 1 a draw, doubled on fire after two wins in a row, until a game that is not a win", () => {
    // lila's own example: two wins then a draw = 2 + 2 + 2×1.
    expect(arenaTotal([g("win"), g("win"), g("draw")])).toEqual({ points: [2, 2, 2], total: 6, fire: false });
    expect(arenaTotal([g("win"), g("win"), g("win"), g("win"), g("loss"), g("win")])).toEqual({ points: [2, 2, 4, 4, 0, 2], total: 14, fire: false });
    expect(arenaTotal([g("win"), g("win")]).fire).toBe(true);
  });

  it("berserk: +1 on a win with 7 own moves, nothing on a draw or a short win; an aborted game changes nothing", () => {
    expect(arenaPoints({ winsInRow: 0 }, g("win", true, 7)).points).toBe(3);
    expect(arenaPoints({ winsInRow: 0 }, g("win", true, 6)).points).toBe(2);
    expect(arenaPoints({ winsInRow: 2 }, g("win", true, 9)).points).toBe(5);
    expect(arenaPoints({ winsInRow: 0 }, g("draw", true)).points).toBe(1);
    expect(arenaPoints({ winsInRow: 2 }, g("none"))).toEqual({ points: 0, after: { winsInRow: 2 } });
  });

  it("performance: mean opponent rating ± 500", () => {
    expect(performance([{ opponentRating: 1500, outcome: "win" }])).toBe(2000);
    expect(
      performance([
        { opponentRating: 1400, outcome: "draw" },
        { opponentRating: 1600, outcome: "loss" },
      ]),
    ).toBe(1250);
    expect(performance([])).toBe(0);
  });
});

describe("berserk's clock (lib/server/games/clock)", () => {
  it("the berserk side starts with half its time and gets no increment; the other side keeps both", () => {
    const mv = (ply: number, timeMs: number) => ({
      ply,
      color: (ply % 2 ? 1 : 2) as 1 | 2,
      timeMs,
      x: ply,
      y: 0,
      by: "human" as const,
      at: "2026-01-01T00:00:00Z",
    });
    const g = {
      opening: [],
      moves: [mv(1, 500), mv(2, 500), mv(3, 1000), mv(4, 1000)],
      clock: { initialMs: 180_000, incrementMs: 2_000, berserk: [1] },
      status: "playing",
      result: null,
      reason: null,
      createdAt: new Date(0),
      startedAt: new Date(0),
      finishedAt: null,
    } as unknown as ClockedGame;
    expect(clockOf(g)).toMatchObject({ blackMs: 89_000, whiteMs: 181_000 });
  });
});

describe("arena pairing", () => {
  const w = (id: string, rank: number, rating = 1500, lastOpponent: string | null = null): ArenaWaiting => ({ id, rank, rating, lastOpponent });

  it("pairs neighbours in the standings, never the last opponents, leaves the odd one out", () => {
    expect(pairArena([w("a", 1), w("b", 2), w("c", 3), w("d", 4)])).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    const again = pairArena([w("a", 1, 1500, "b"), w("b", 2, 1500, "a"), w("c", 3, 1500, "d"), w("d", 4, 1500, "c")]);
    for (const [x, y] of again) expect(new Set([x, y])).not.toEqual(new Set(["a", "b"]));
    expect(again).toHaveLength(2);
    expect(pairArena([w("a", 1, 1500, "b"), w("b", 2, 1500, "a")])).toEqual([]);
    expect(pairArena([w("a", 1), w("b", 2), w("c", 3)]).flat()).toHaveLength(2);
  });

  // h3's trial: the hourly arena with two players: after their first game both waited, unpaired, for the rest of it.
  it("two who just played meet again when they are the event's only two active players (lila's onlyTwoActivePlayers)", () => {
    const two = [w("a", 1, 1500, "b"), w("b", 2, 1500, "a")];
    expect(pairArena(two, { onlyTwoActive: true })).toEqual([["a", "b"]]);
    // Others active (in a game now, or waiting too): the last opponents still wait for someone else.
    expect(pairArena(two, { onlyTwoActive: false })).toEqual([]);
  });

  it("nobody twice in a pass, at any size (exact and greedy)", () => {
    for (const n of [5, 16, 17, 200]) {
      const ps = Array.from({ length: n }, (_, i) => w(`p${i}`, i + 1, 1200 + ((i * 37) % 600), i % 2 ? `p${i - 1}` : null));
      const pairs = pairArena(ps);
      const seen = pairs.flat();
      expect(new Set(seen).size).toBe(seen.length);
      expect(pairs.length).toBeGreaterThanOrEqual(Math.floor(n / 2) - 1);
    }
  });

  it("colours: fewer blacks takes black; then who had white last", () => {
    expect(coloursOf({ id: "a", blacks: 2, whites: 1, last: "black" }, { id: "b", blacks: 1, whites: 1, last: "white" }, 1)).toEqual(["b", "a"]);
    expect(coloursOf({ id: "a", blacks: 1, whites: 1, last: "white" }, { id: "b", blacks: 1, whites: 1, last: "black" }, 2)).toEqual(["a", "b"]);
    expect(coloursOf({ id: "a", blacks: 0, whites: 0, last: null }, { id: "b", blacks: 0, whites: 0, last: null }, 1)).toEqual(["a", "b"]);
  });
});

describe("a big wave is seated over several passes (firstWave)", () => {
  it("takes at most max pairs, those with the longest-waiting player first, ties in pairing order", () => {
    const pairs: Array<[string, string]> = Array.from({ length: 6 }, (_, i) => [`a${i}`, `b${i}`]);
    const since = (id: string) => ({ a3: 10, b5: 5, a1: 10 })[id] ?? 100;
    expect(firstWave(pairs, since, 10)).toEqual(pairs);
    expect(firstWave(pairs, since, 3)).toEqual([
      ["a5", "b5"],
      ["a1", "b1"],
      ["a3", "b3"],
    ]);
  });
});
