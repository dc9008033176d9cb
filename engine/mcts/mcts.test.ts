import { describe, expect, it } from "vitest";
import { mcts } from "./mcts";
import { BLOCK_FOUR, WIN_IN_ONE, picture } from "../../test/support/engine-positions";
import { labOpening, replay } from "../rules";
import type { Color, Point, Position, Progress, Stone } from "../types";

const key = (p: Point | null) => (p ? `${p.x},${p.y}` : "null");

describe("mcts: tactics", () => {
  it("finds a win in one", () => {
    const pos = WIN_IN_ONE;
    const r = mcts(pos, { maxIterations: 200 });
    expect(key(r.move)).toBe("6,4");
    expect(r.score).toEqual({ kind: "win", plies: 1 });
  });

  it("blocks a four", () => {
    const pos = BLOCK_FOUR;
    const r = mcts(pos, { maxIterations: 500, seed: 3 });
    expect(key(r.move)).toBe("6,4");
  });

  it("blocks an open three before it becomes an open four", () => {
    // White threatens . o o o . on row 4; black must take an end (or lose to the open four).
    const pos = picture(
      `
      . . . . . . . . . . .
      . . . . . . . . . . .
      . . . . . . . . . . .
      . . . . x . . . . . .
      . . . o o o . . . . .
      . . . . x . . . . . .
      . . . . . . . . . . .
      . . . . . . . . . . .
      . . . . . . . . . . .
      . . . . . . . . . . .
      . . . . . . . . . . .`,
      1,
    );
    const r = mcts(pos, { maxIterations: 3000, seed: 5 });
    expect(["2,4", "6,4"]).toContain(key(r.move));
  });

  it("proves a forced win (open four) and reports it as a win, not an eval", () => {
    const pos = picture(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . o . .
      . . . . . . o . .
      . . x x x . . . .
      . . . . . . o . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .`,
      1,
    );
    const r = mcts(pos, { maxIterations: 1000 });
    expect(["1,4", "5,4"]).toContain(key(r.move));
    expect(r.score).toEqual({ kind: "win", plies: 3 });
  });

  it("a lost position (two five points against it) is a loss in 2", () => {
    const pos = picture(
      `
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . . . . . . . .
      . . o o o o . . .
      . . . . . . . . .
      . x . x . x . . .
      . . . . . . . . .
      . . . . . . . . .`,
      1,
    );
    const r = mcts(pos, { maxIterations: 100 });
    expect(r.score).toEqual({ kind: "loss", plies: 2 });
    expect(["1,4", "6,4"]).toContain(key(r.move));
  });
});

describe("mcts: analysis", () => {
  const middle: Position = { size: 15, rule: "freestyle", stones: labOpening(15), toMove: 1 };

  it("is deterministic given a seed and maxIterations", () => {
    const a = mcts(middle, { maxIterations: 1500, seed: 42 });
    const b = mcts(middle, { maxIterations: 1500, seed: 42 });
    const strip = (r: typeof a) => ({ ...r, timeMs: 0 });
    expect(strip(a)).toEqual(strip(b));
    expect(a.nodes).toBe(1500);
    const c = mcts(middle, { maxIterations: 1500, seed: 43 });
    expect(c.nodes).toBe(1500);
  });

  it("reports the most-visited move, its line, root scores and top moves with visits and win rates", () => {
    const r = mcts(middle, { maxIterations: 2000, seed: 1 });
    expect(r.move).not.toBeNull();
    expect(r.top!.length).toBeGreaterThan(1);
    expect(r.top![0].move).toEqual(r.move);
    for (let i = 1; i < r.top!.length; i++) expect(r.top![i].visits).toBeLessThanOrEqual(r.top![i - 1].visits);
    const visits = r.top!.reduce((t, m) => t + m.visits, 0);
    expect(visits).toBeLessThanOrEqual(2000);
    expect(r.score.kind).toBe("eval");
    // value = (winRate − ½) · 2000 (top's win rates are rounded to 3 decimals).
    if (r.score.kind === "eval") expect(Math.abs(r.score.value - (r.top![0].winRate - 0.5) * 2000)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(r.score.kind === "eval" ? r.score.value : 0)).toBeLessThanOrEqual(1000);
    expect(r.pv[0]).toEqual(r.move);
    expect(r.depth).toBeGreaterThanOrEqual(2);
    expect(r.rootScores[0].move).toEqual(r.move);
    // The line is playable.
    expect(() => replay(15, "freestyle", middle.stones, r.pv, 1)).not.toThrow();
  });

  it("reports progress about every 100 ms with top moves", () => {
    const seen: Progress[] = [];
    const r = mcts(middle, { timeMs: 450, onProgress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.length).toBeLessThanOrEqual(7);
    expect(seen[0].top!.length).toBeGreaterThan(0);
    expect(seen.at(-1)!.nodes).toBe(r.nodes);
    for (let i = 1; i < seen.length; i++) expect(seen[i].nodes).toBeGreaterThanOrEqual(seen[i - 1].nodes);
  });

  it("never exceeds timeMs by more than 50 ms over a game's moves", () => {
    const stones: Stone[] = labOpening(15);
    let toMove: Color = 1;
    for (let i = 0; i < 12; i++) {
      const timeMs = 100 + ((i * 37) % 101);
      const pos: Position = { size: 15, rule: "freestyle", stones: [...stones], toMove };
      const t0 = performance.now();
      const r = mcts(pos, { timeMs });
      const took = performance.now() - t0;
      expect(took, `move ${i}`).toBeLessThanOrEqual(timeMs + 50);
      expect(r.move).not.toBeNull();
      stones.push({ ...r.move!, color: toMove });
      toMove = toMove === 1 ? 2 : 1;
      if (r.score.kind !== "eval") break; // decided: enough
    }
  }, 30_000);
});

describe("mcts: strength", () => {
  it("beats a random player on 9×9 in most games", () => {
    let seed = 12345;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x80000000;
    };
    let wins = 0;
    const games = 4;
    for (let g = 0; g < games; g++) {
      const mctsColor: Color = g % 2 === 0 ? 1 : 2;
      const moves: Point[] = [];
      let result: Color | null = null;
      for (let ply = 0; ply < 81; ply++) {
        const { position, cells, outcome } = replay(9, "freestyle", [], moves);
        if (outcome.winner || outcome.full) {
          result = outcome.winner;
          break;
        }
        let mv: Point;
        if (position.toMove === mctsColor) mv = mcts(position, { maxIterations: 400, seed: g + 1 }).move!;
        else {
          const empty: Point[] = [];
          for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) if (cells[y * 9 + x] === 0) empty.push({ x, y });
          mv = empty[Math.floor(rand() * empty.length)];
        }
        moves.push(mv);
      }
      if (result === null) result = replay(9, "freestyle", [], moves).outcome.winner;
      if (result === mctsColor) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
