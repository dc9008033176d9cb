// Clock maths, pure: a game's clocks are not stored, they follow from its settings, its moves'
// charged times and when it started and ended. No timers and no I/O here: "now" is an argument
// (the service owns the timers that flag a game, lib/server/games/service), and so is the record
// of when the server could not listen (./stalls: those moments are never charged).
//
// The clocks start when each side has made its first own move (lichess does the same): neither
// first move costs time or earns the increment. Until then a side that does not make its first move
// within the first-move window aborts the game (games between people; `firstMoveWindowMs`).
//
// Swap2 (lib/shared/swap2): no clock runs during the opening, whose stones and choices are made by
// players whose colours are not known yet. The opening stones cost nothing; the first own moves are
// the two plies after it. Each action of the opening has the first-move window too.
//
// Server downtime (a restart) is credited to the turn it fell in (`Entry.clockCredit`, written at
// recovery: ./heartbeat), so the side to move keeps the time it had when the server stopped.
import type { Color } from "../../../engine";
import type { ClockSettings, ClockState } from "../../shared/protocol";
import { isOpeningPly, openingPlies } from "../../shared/swap2";
import { inOpening, toMoveOf, type Entry } from "./entry";

/**
 * A clock one or both of whose sides went berserk (an arena, lib/server/tournaments): that side starts
 * with half the initial time and gets no increment (as lichess). Kept in the game's clock JSON.
 */
export type BerserkClock = ClockSettings & { berserk?: Color[] };

/** The time `color` starts with, and what each of its moves adds. */
export function sideClock(clock: ClockSettings, color: Color): { initialMs: number; incrementMs: number } {
  const berserk = (clock as BerserkClock).berserk?.includes(color);
  return berserk ? { initialMs: Math.floor(clock.initialMs / 2), incrementMs: 0 } : clock;
}

/** What the clock maths read of a game. */
export type ClockedGame = Pick<Entry, "opening" | "moves" | "clock" | "status" | "result" | "reason" | "createdAt" | "startedAt" | "finishedAt"> &
  Partial<Pick<Entry, "swap2" | "clockCredit" | "seats">>;

/** When the server could not listen (a blocked event loop, ./stalls): never charged to a clock. */
export interface StallSource {
  /** Milliseconds within [fromMs, toMs] during which the server could not listen. */
  overlapMs(fromMs: number, toMs: number): number;
}
export const NO_STALLS: StallSource = { overlapMs: () => 0 };

/** The shortest first-move window, whatever the clock. */
export const MIN_FIRST_MOVE_MS = 10_000;

/**
 * How long a side has for its first own move: `capMs` (FIRST_MOVE_MS, default 30 s), shorter for a
 * fast clock (a third of the initial time, at least 10 s): 1+0 gets 20 s, as lichess's bullet.
 */
export const firstMoveWindowMs = (clock: ClockSettings, capMs: number): number => Math.min(capMs, Math.max(MIN_FIRST_MOVE_MS, Math.floor(clock.initialMs / 3)));

/** When the side to move started thinking: the last move, else the start (or creation) of the game; never before swap2's colours were settled. */
export function lastMoveAt(e: Pick<Entry, "moves" | "createdAt" | "startedAt"> & Partial<Pick<Entry, "swap2">>): Date {
  const last = e.moves.at(-1);
  const at = last ? new Date(last.at) : (e.startedAt ?? e.createdAt);
  const settled = e.swap2?.at ? new Date(e.swap2.at) : null;
  return settled && settled > at ? settled : at;
}

/** Server downtime credited to the current turn (ms; 0 when the credit was for an earlier ply). */
export const creditOf = (e: Pick<Entry, "moves"> & Partial<Pick<Entry, "clockCredit">>): number =>
  e.clockCredit && e.clockCredit.ply === e.moves.length + 1 ? e.clockCredit.ms : 0;

/** The effective start of the current turn: its last move, moved on by the downtime credited to it. */
export const turnStartedAt = (e: Pick<Entry, "moves" | "createdAt" | "startedAt"> & Partial<Pick<Entry, "swap2" | "clockCredit">>): number =>
  lastMoveAt(e).getTime() + creditOf(e);

/** How many plies the opening took (swap2's stones once settled; 0 without swap2). */
const openingLength = (e: Partial<Pick<Entry, "swap2">>) => (e.swap2 ? (openingPlies(e.swap2) ?? 0) : 0);

/** Ply `ply` costs no time: a swap2 opening stone, or a side's first own move. */
export function isFreePly(e: Partial<Pick<Entry, "swap2">>, ply: number): boolean {
  if (e.swap2 && isOpeningPly(e.swap2, ply)) return true;
  return ply <= openingLength(e) + 2;
}

/** Each side has made its first own move (after a swap2 opening): the clocks run from then on. */
export const bothHaveMoved = (e: Pick<Entry, "moves"> & Partial<Pick<Entry, "swap2">>): boolean =>
  !inOpening(e) && e.moves.length - (e.swap2 ? (openingPlies(e.swap2) ?? 0) : 0) >= 2;

/** The clocks run: a clock, and both sides have made their first own move. */
export const clockRunning = (e: ClockedGame): boolean => !!e.clock && bothHaveMoved(e);

/**
 * A game whose side to act has the first-move window: a clocked game between people in progress
 * before both have made their first own move (a side that lets it pass aborts the game).
 */
export function expirable(e: ClockedGame): boolean {
  if (e.status !== "playing" || !e.clock || e.startedAt === null || bothHaveMoved(e)) return false;
  return e.seats?.[1].kind === "human" && e.seats[2].kind === "human";
}

/** When the first-move window of the side to act closes (ms since the epoch; null: no window now). */
export function firstMoveDeadline(e: ClockedGame, capMs: number): number | null {
  if (!expirable(e) || !e.clock) return null;
  return turnStartedAt(e) + firstMoveWindowMs(e.clock, capMs);
}

/** What is left of the first-move window at `now`, not counting the moments the server could not listen (null: no window now). */
export function firstMoveLeftMs(e: ClockedGame, now: number, capMs: number, stalls: StallSource = NO_STALLS): number | null {
  if (!expirable(e) || !e.clock) return null;
  return firstMoveWindowMs(e.clock, capMs) - turnElapsedMs(e, now, stalls);
}

/** The first-move window closed at `now`, not counting the moments the server could not listen. */
export function firstMoveExpired(e: ClockedGame, now: number, capMs: number, stalls: StallSource = NO_STALLS): boolean {
  const left = firstMoveLeftMs(e, now, capMs, stalls);
  return left !== null && left <= 0;
}

/** Time the current turn has taken by `now`: from its start, less credited downtime and stalls. */
export function turnElapsedMs(e: ClockedGame, now: number, stalls: StallSource = NO_STALLS): number {
  const from = turnStartedAt(e);
  return Math.max(0, now - from - stalls.overlapMs(from, now));
}

/** Both clocks as of their last change (`at`), or null for a game without a clock. firstMoveCapMs: FIRST_MOVE_MS (the window's deadline is shown). */
export function clockOf(e: ClockedGame, firstMoveCapMs?: number): ClockState | null {
  if (!e.clock) return null;
  const side = { 1: sideClock(e.clock, 1), 2: sideClock(e.clock, 2) };
  const ms = { 1: side[1].initialMs, 2: side[2].initialMs };
  for (const m of e.moves) if (!isFreePly(e, m.ply)) ms[m.color] += side[m.color].incrementMs - m.timeMs;
  const running = clockRunning(e);
  if (e.status === "finished" && e.reason === "timeout") {
    // Show the flagged side at zero.
    const loser: Color = e.result === "black" ? 2 : 1;
    ms[loser] = 0;
  } else if (running && e.status === "finished" && e.reason === "resign" && e.finishedAt && e.startedAt) {
    // The clock of the side to move ran until the resignation: charge that turn (no increment).
    const used = Math.max(0, e.finishedAt.getTime() - turnStartedAt(e));
    const toMove = toMoveOf(e);
    ms[toMove] = Math.max(0, ms[toMove] - used);
  }
  const at = e.status === "finished" && e.finishedAt ? e.finishedAt.getTime() : turnStartedAt(e);
  const deadline = firstMoveCapMs === undefined ? null : firstMoveDeadline(e, firstMoveCapMs);
  return {
    settings: e.clock,
    blackMs: ms[1],
    whiteMs: ms[2],
    at: new Date(at).toISOString(),
    ...(running ? {} : { paused: true }),
    ...(deadline !== null ? { firstMoveBy: new Date(deadline).toISOString() } : {}),
  };
}

/** Milliseconds left to the side to move at `now` (Infinity without a running clock). */
export function remainingMs(e: ClockedGame, now: number, stalls: StallSource = NO_STALLS): number {
  const c = clockOf(e);
  if (!c || !clockRunning(e)) return Infinity;
  const left = toMoveOf(e) === 1 ? c.blackMs : c.whiteMs;
  return left - turnElapsedMs(e, now, stalls);
}

/** A game in progress whose side to move has no time left at `now` (it loses on time). */
export function timeIsUp(e: ClockedGame, now: number, stalls: StallSource = NO_STALLS): boolean {
  if (e.status !== "playing" || !clockRunning(e) || e.startedAt === null) return false;
  return remainingMs(e, now, stalls) <= 0;
}

/** An engine's time for this move: never more than a fifth of the time it has left (at least 50 ms). */
export function searchTimeMs(engineMs: number, leftMs: number): number {
  return Number.isFinite(leftMs) ? Math.max(50, Math.min(engineMs, Math.floor(leftMs / 5))) : engineMs;
}
