// Clock maths, pure: a game's clocks are not stored, they follow from its settings, its moves'
// thinking times and when it started and ended. No timers and no I/O here: "now" is an argument
// (the service owns the timers that flag a game, lib/server/games/service).
import type { Color } from "../../../engine";
import type { ClockState } from "../../shared/protocol";
import { toMoveOf, type Entry } from "./entry";

/** What the clock maths read of a game. */
export type ClockedGame = Pick<Entry, "opening" | "moves" | "clock" | "status" | "result" | "reason" | "createdAt" | "startedAt" | "finishedAt">;

/** When the side to move started thinking: the last move, else the start (or creation) of the game. */
export function lastMoveAt(e: Pick<Entry, "moves" | "createdAt" | "startedAt">): Date {
  const last = e.moves.at(-1);
  return last ? new Date(last.at) : (e.startedAt ?? e.createdAt);
}

/** Both clocks as of their last change (`at`), or null for a game without a clock. */
export function clockOf(e: ClockedGame): ClockState | null {
  if (!e.clock) return null;
  const ms = { 1: e.clock.initialMs, 2: e.clock.initialMs };
  for (const m of e.moves) ms[m.color] += e.clock.incrementMs - m.timeMs;
  if (e.status === "finished" && e.reason === "timeout") {
    // Show the flagged side at zero.
    const loser: Color = e.result === "black" ? 2 : 1;
    ms[loser] = 0;
  } else if (e.status === "finished" && e.reason === "resign" && e.finishedAt && e.startedAt) {
    // The clock of the side to move ran until the resignation: charge that turn (no increment).
    const used = Math.max(0, e.finishedAt.getTime() - lastMoveAt(e).getTime());
    const toMove = toMoveOf(e);
    ms[toMove] = Math.max(0, ms[toMove] - used);
  }
  const at = e.status === "finished" && e.finishedAt ? e.finishedAt : lastMoveAt(e);
  return { settings: e.clock, blackMs: ms[1], whiteMs: ms[2], at: at.toISOString() };
}

/** Milliseconds left to the side to move at `now` (Infinity without a clock). */
export function remainingMs(e: ClockedGame, now: number): number {
  const c = clockOf(e);
  if (!c) return Infinity;
  const left = toMoveOf(e) === 1 ? c.blackMs : c.whiteMs;
  return left - (now - new Date(c.at).getTime());
}

/** A game in progress whose side to move has no time left at `now` (it loses on time). */
export function timeIsUp(e: ClockedGame, now: number): boolean {
  if (e.status !== "playing" || !e.clock || e.startedAt === null) return false;
  return remainingMs(e, now) <= 0;
}

/** An engine's time for this move: never more than a fifth of the time it has left (at least 50 ms). */
export function searchTimeMs(engineMs: number, leftMs: number): number {
  return Number.isFinite(leftMs) ? Math.max(50, Math.min(engineMs, Math.floor(leftMs / 5))) : engineMs;
}
