// The clock maths (lib/server/games/clock), pure: no server, no timers, "now" given.
import { describe, expect, it } from "vitest";
import {
  clockOf,
  expirable,
  firstMoveDeadline,
  firstMoveExpired,
  firstMoveWindowMs,
  lastMoveAt,
  remainingMs,
  searchTimeMs,
  timeIsUp,
  turnElapsedMs,
  type ClockedGame,
} from "../../lib/server/games/clock";
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

/** Both first moves made (free: 3 s and 10 s of thinking cost nothing), black to move from 13 s. */
const firstTwo = [move(1, 1, 3_000, 3_000), move(2, 2, 10_000, 13_000)];

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

  it("each move after the first two charges its thinking time and adds the increment; the clock runs from the last move", () => {
    const g = game({ moves: [...firstTwo, move(3, 1, 4_000, 17_000), move(4, 2, 1_000, 18_000)] });
    expect(clockOf(g)).toEqual({ settings: g.clock, blackMs: 58_000, whiteMs: 61_000, at: at(18_000).toISOString() });
    expect(lastMoveAt(g)).toEqual(at(18_000));
    // Black to move, 4 s after white's move.
    expect(remainingMs(g, T0 + 22_000)).toBe(54_000);
  });

  it("the clocks start when each side has made its first move: neither first move costs time or earns the increment", () => {
    // Nobody has moved: no clock runs, however long (the first-move window ends such a game instead).
    expect(remainingMs(game(), T0 + 3600_000)).toBe(Infinity);
    expect(timeIsUp(game(), T0 + 3600_000)).toBe(false);
    expect(clockOf(game())).toMatchObject({ blackMs: 60_000, whiteMs: 60_000, paused: true });
    // Black moved: white's first move is free too.
    const one = game({ moves: [move(1, 1, 3_000, 3_000)] });
    expect(remainingMs(one, T0 + 3600_000)).toBe(Infinity);
    expect(clockOf(one)).toMatchObject({ blackMs: 60_000, whiteMs: 60_000, paused: true });
    // Both moved: full clocks, black's runs from white's first move.
    const two = game({ moves: firstTwo });
    expect(clockOf(two)).toEqual({ settings: two.clock, blackMs: 60_000, whiteMs: 60_000, at: at(13_000).toISOString() });
    expect(remainingMs(two, T0 + 17_000)).toBe(56_000);
    expect(lastMoveAt(game({ startedAt: null }))).toEqual(at(-5_000));
  });

  it("the side to move follows the opening: after an odd opening white moves first", () => {
    const g = game({ opening: [{ x: 7, y: 7, color: 1 }], moves: [move(1, 2, 1_000, 1_000), move(2, 1, 1_000, 2_000), move(3, 2, 1_000, 3_000)] });
    expect(clockOf(g)).toMatchObject({ blackMs: 60_000, whiteMs: 61_000 });
    expect(remainingMs(g, T0 + 13_000)).toBe(50_000); // black to move, 10 s in
  });

  it("time is up at zero, not before; only for a game in progress whose clocks run", () => {
    const two = game({ moves: firstTwo });
    expect(timeIsUp(two, T0 + 13_000 + 59_999)).toBe(false);
    expect(timeIsUp(two, T0 + 13_000 + 60_000)).toBe(true);
    expect(timeIsUp(game({ moves: firstTwo, startedAt: null }), T0 + 120_000)).toBe(false);
    expect(timeIsUp(game({ moves: firstTwo, status: "finished" }), T0 + 120_000)).toBe(false);
  });

  it("a flagged game shows the loser at zero, its clock stopped at the end", () => {
    const g = game({ moves: firstTwo, status: "finished", result: "white", reason: "timeout", finishedAt: at(73_000) });
    expect(clockOf(g)).toMatchObject({ blackMs: 0, whiteMs: 60_000, at: at(73_000).toISOString() });
  });

  it("a resignation charges the resigning turn's time to the side to move (no increment)", () => {
    const g = game({ moves: [...firstTwo, move(3, 1, 3_000, 16_000)], status: "finished", result: "black", reason: "resign", finishedAt: at(26_000) });
    expect(clockOf(g)).toMatchObject({ blackMs: 59_000, whiteMs: 50_000, at: at(26_000).toISOString() });
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
    // The two plies after the opening are each side's first own move: free; the clocks run from the 5th.
    expect(remainingMs(settled, T0 + 30_000)).toBe(Infinity);
    const fifth = game({ moves: [...opening, move(4, 2, 10_000, 30_000), move(5, 1, 2_000, 32_000)], swap2: { first: "white", at: at(20_000).toISOString() } });
    expect(clockOf(fifth)).toMatchObject({ blackMs: 60_000, whiteMs: 60_000 });
    expect(remainingMs(fifth, T0 + 42_000)).toBe(50_000);
    const sixth = game({ moves: [...fifth.moves, move(6, 2, 10_000, 42_000)], swap2: fifth.swap2 });
    expect(clockOf(sixth)).toMatchObject({ blackMs: 60_000, whiteMs: 52_000 });
  });
});

describe("the first-move window (clocked games between people)", () => {
  const people = { seats: { 1: { kind: "human" as const }, 2: { kind: "human" as const } } };

  it("is a third of the initial time, at least 10 s, at most FIRST_MOVE_MS", () => {
    expect(firstMoveWindowMs({ initialMs: 60_000, incrementMs: 0 }, 30_000)).toBe(20_000);
    expect(firstMoveWindowMs({ initialMs: 10_000, incrementMs: 0 }, 30_000)).toBe(10_000);
    expect(firstMoveWindowMs({ initialMs: 300_000, incrementMs: 3_000 }, 30_000)).toBe(30_000);
    expect(firstMoveWindowMs({ initialMs: 300_000, incrementMs: 3_000 }, 2_000)).toBe(2_000);
  });

  it("runs for each side's first move, from the start and then from black's first move; closes at its end", () => {
    const g = game(people);
    expect(expirable(g)).toBe(true);
    expect(firstMoveDeadline(g, 30_000)).toBe(T0 + 20_000);
    expect(clockOf(g, 30_000)).toMatchObject({ paused: true, firstMoveBy: at(20_000).toISOString() });
    expect(firstMoveExpired(g, T0 + 19_999, 30_000)).toBe(false);
    expect(firstMoveExpired(g, T0 + 20_000, 30_000)).toBe(true);
    const one = game({ ...people, moves: [move(1, 1, 3_000, 3_000)] });
    expect(firstMoveDeadline(one, 30_000)).toBe(T0 + 23_000);
    const two = game({ ...people, moves: firstTwo });
    expect(expirable(two)).toBe(false);
    expect(clockOf(two, 30_000)).not.toHaveProperty("firstMoveBy");
  });

  it("is for games between people with a clock, in progress", () => {
    expect(expirable(game())).toBe(false); // seats unknown (an AI game's seats say engine)
    expect(expirable(game({ seats: { 1: { kind: "human" }, 2: { kind: "engine", engine: { algo: "alphabeta", timeMs: 100 } } } }))).toBe(false);
    expect(expirable(game({ ...people, clock: null }))).toBe(false);
    expect(expirable(game({ ...people, status: "finished" }))).toBe(false);
  });
});

describe("time the server could not listen is never charged", () => {
  /** The server was frozen from 14 s to 16 s. */
  const stalls = { overlapMs: (from: number, to: number) => Math.max(0, Math.min(to, T0 + 16_000) - Math.max(from, T0 + 14_000)) };

  it("a stall in the turn is not counted: not in the time left, not for the flag, not in the first-move window", () => {
    const two = game({ moves: [move(1, 1, 3_000, 3_000), move(2, 2, 10_000, 13_000)] });
    expect(turnElapsedMs(two, T0 + 17_000, stalls)).toBe(2_000);
    expect(remainingMs(two, T0 + 17_000, stalls)).toBe(58_000);
    expect(timeIsUp(two, T0 + 73_000, stalls)).toBe(false);
    expect(timeIsUp(two, T0 + 75_000, stalls)).toBe(true);
    const first = game({ seats: { 1: { kind: "human" }, 2: { kind: "human" } }, moves: [move(1, 1, 3_000, 3_000)] });
    expect(firstMoveExpired(first, T0 + 23_000, 30_000, stalls)).toBe(false);
    expect(firstMoveExpired(first, T0 + 25_000, 30_000, stalls)).toBe(true);
  });

  it("downtime credited to the turn (a restart) moves the turn's start on; a credit for another ply counts nothing", () => {
    const moves = [move(1, 1, 3_000, 3_000), move(2, 2, 10_000, 13_000)];
    const credited = game({ moves, clockCredit: { ply: 3, ms: 13_900 } });
    expect(remainingMs(credited, T0 + 13_000 + 13_900 + 1_000)).toBe(59_000);
    expect(clockOf(credited)).toMatchObject({ blackMs: 60_000, at: at(26_900).toISOString() });
    const stale = game({ moves, clockCredit: { ply: 2, ms: 13_900 } });
    expect(remainingMs(stale, T0 + 14_000)).toBe(59_000);
  });
});
