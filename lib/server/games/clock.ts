// Clock maths, pure: a game's clocks are not stored, they follow from its settings, its moves'
// thinking times and when it started and ended. No timers and no I/O here: "now" is an argument
// (the service owns the timers that flag a game, lib/server/games/service).
//
// Swap2 (lib/shared/swap2): no clock runs during the opening, whose stones and choices are made by
// players whose colours are not known yet. Both clocks start full when the colours are settled
// (the record's `at`), and the opening stones cost nothing. A player who stalls in the opening is
// answered by abort (allowed until each side has moved after it) and, gone, by a claim.
import type { Color } from "../../../engine";
import type { ClockState } from "../../shared/protocol";
import { isOpeningPly } from "../../shared/swap2";
import { inOpening, toMoveOf, type Entry } from "./entry";

/** What the clock maths read of a game. */
export type ClockedGame = Pick<Entry, "opening" | "moves" | "clock" | "status" | "result" | "reason" | "createdAt" | "startedAt" | "finishedAt"> &
  Partial<Pick<Entry, "swap2">>;

/** When the side to move started thinking: the last move, else the start (or creation) of the game; never before swap2's colours were settled. */
export function lastMoveAt(e: Pick<Entry, "moves" | "createdAt" | "startedAt"> & Partial<Pick<Entry, "swap2">>): Date {
  const last = e.moves.at(-1);
  const at = last ? new Date(last.at) : (e.startedAt ?? e.createdAt);
  const settled = e.swap2?.at ? new Date(e.swap2.at) : null;
  return settled && settled > at ? settled : at;
}

/** The clocks stand still: no clock, or a swap2 opening still under way. */
const paused = (e: ClockedGame) => !e.clock || inOpening(e);

/** Both clocks as of their last change (`at`), or null for a game without a clock. */
export function clockOf(e: ClockedGame): ClockState | null {
  if (!e.clock) return null;
  const ms = { 1: e.clock.initialMs, 2: e.clock.initialMs };
  if (inOpening(e)) return { settings: e.clock, blackMs: ms[1], whiteMs: ms[2], at: lastMoveAt(e).toISOString(), paused: true };
  for (const m of e.moves) if (!e.swap2 || !isOpeningPly(e.swap2, m.ply)) ms[m.color] += e.clock.incrementMs - m.timeMs;
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
  if (!c || paused(e)) return Infinity;
  const left = toMoveOf(e) === 1 ? c.blackMs : c.whiteMs;
  return left - (now - new Date(c.at).getTime());
}

/** A game in progress whose side to move has no time left at `now` (it loses on time). */
export function timeIsUp(e: ClockedGame, now: number): boolean {
  if (e.status !== "playing" || paused(e) || e.startedAt === null) return false;
  return remainingMs(e, now) <= 0;
}

/** An engine's time for this move: never more than a fifth of the time it has left (at least 50 ms). */
export function searchTimeMs(engineMs: number, leftMs: number): number {
  return Number.isFinite(leftMs) ? Math.max(50, Math.min(engineMs, Math.floor(leftMs / 5))) : engineMs;
}
