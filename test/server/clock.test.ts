// The clock maths (lib/server/games/clock), pure: no server, no timers, "now" given.
import { describe, expect, it } from "vitest";
import { clockOf, lastMoveAt, remainingMs, searchTimeMs, timeIsUp, type ClockedGame } from "../../lib/server/games/clock";
import type { MoveRecord } from "../../lib/shared/protocol";

const T0 = Date.parse("2026-01-01T12:00:00.000Z");
const at = (ms: number) => new Date(T0 + ms);
const move = (ply: number, color: 1 | 2, timeMs: number, atMs: number): MoveRecord => ({
  ply,
  x: ply,
  y: 0,
  color,
  by: "human",
  timeMs,
  at: at(atMs).toISOString(),
});

/** A 1-minute + 2 s game started at T0, black to move first. */
function game(over: Partial<ClockedGame> = {}): ClockedGame {
  return {
    opening: [],
    moves: [],
    clock: { initialMs: 60_000, incrementMs: 2_000 },
    status: "playing",
    result: null,
    reason: null,
    createdAt: at(-5_000),
    startedAt: at(0),
    finishedAt: null,
    ...over,
  };
}

describe("clock maths", () => {
  it("no clock: no clock state, endless time, never flagged", () => {
    const g = game({ clock: null });
    expect(clockOf(g)).toBeNull();
    expect(remainingMs(g, T0 + 10 * 3600_000)).toBe(Infinity);
    expect(timeIsUp(g, T0 + 10 * 3600_000)).toBe(false);
  });

  it("each move charges its thinking time and adds the increment; the clock runs from the last move", () => {
    const g = game({ moves: [move(1, 1, 3_000, 3_000), move(2, 2, 10_000, 13_000)] });
    expect(clockOf(g)).toEqual({ settings: g.clock, blackMs: 59_000, whiteMs: 52_000, at: at(13_000).toISOString() });
    expect(lastMoveAt(g)).toEqual(at(13_000));
    // Black to move, 4 s after white's move.
    expect(remainingMs(g, T0 + 17_000)).toBe(55_000);
  });

  it("before any move the clock runs from the start (or, not started, from the creation)", () => {
    expect(remainingMs(game(), T0 + 1_000)).toBe(59_000);
    expect(lastMoveAt(game({ startedAt: null }))).toEqual(at(-5_000));
  });

  it("the side to move follows the opening: after an odd opening white moves first", () => {
    const g = game({ opening: [{ x: 7, y: 7, color: 1 }], moves: [move(1, 2, 1_000, 1_000)] });
    expect(clockOf(g)).toMatchObject({ blackMs: 60_000, whiteMs: 61_000 });
    expect(remainingMs(g, T0 + 11_000)).toBe(50_000); // black to move, 10 s in
  });

  it("time is up at zero, not before; only for a game in progress that has started", () => {
    expect(timeIsUp(game(), T0 + 59_999)).toBe(false);
    expect(timeIsUp(game(), T0 + 60_000)).toBe(true);
    expect(timeIsUp(game({ startedAt: null }), T0 + 120_000)).toBe(false);
    expect(timeIsUp(game({ status: "finished" }), T0 + 120_000)).toBe(false);
  });

  it("a flagged game shows the loser at zero, its clock stopped at the end", () => {
    const g = game({ status: "finished", result: "white", reason: "timeout", finishedAt: at(60_000) });
    expect(clockOf(g)).toMatchObject({ blackMs: 0, whiteMs: 60_000, at: at(60_000).toISOString() });
  });

  it("a resignation charges the resigning turn's time to the side to move (no increment)", () => {
    const g = game({ moves: [move(1, 1, 3_000, 3_000)], status: "finished", result: "black", reason: "resign", finishedAt: at(13_000) });
    expect(clockOf(g)).toMatchObject({ blackMs: 59_000, whiteMs: 50_000, at: at(13_000).toISOString() });
  });

  it("an engine thinks at most a fifth of its time left, at least 50 ms", () => {
    expect(searchTimeMs(1_000, Infinity)).toBe(1_000);
    expect(searchTimeMs(1_000, 10_000)).toBe(1_000);
    expect(searchTimeMs(1_000, 2_000)).toBe(400);
    expect(searchTimeMs(1_000, 100)).toBe(50);
  });

  it("swap2: no clock runs in the opening; both start full when the colours are settled, the opening's stones cost nothing", () => {
    const opening = [move(1, 1, 9_000, 9_000), move(2, 2, 1_000, 10_000), move(3, 1, 5_000, 15_000)];
    const open = game({ moves: opening, swap2: {} });
    expect(clockOf(open)).toMatchObject({ blackMs: 60_000, whiteMs: 60_000, paused: true });
    expect(remainingMs(open, T0 + 3600_000)).toBe(Infinity);
    expect(timeIsUp(open, T0 + 3600_000)).toBe(false);
    // Settled at 20 s: white (to move) thinks from then on, not from the last opening stone.
    const settled = game({ moves: opening, swap2: { first: "white", at: at(20_000).toISOString() } });
    expect(clockOf(settled)).toMatchObject({ blackMs: 60_000, whiteMs: 60_000, at: at(20_000).toISOString() });
    expect(lastMoveAt(settled)).toEqual(at(20_000));
    expect(remainingMs(settled, T0 + 30_000)).toBe(50_000);
    const fourth = game({ moves: [...opening, move(4, 2, 10_000, 30_000)], swap2: { first: "white", at: at(20_000).toISOString() } });
    expect(clockOf(fourth)).toMatchObject({ blackMs: 60_000, whiteMs: 52_000 });
  });
});
