// Correspondence games: days per move instead of a clock (issue 28). Once for the server and the pages.
import type { Rule } from "../../engine";

/** The choices of days per move (as lichess offers them). */
export const CORR_DAYS = [1, 2, 3, 5, 7, 14] as const;
export type CorrDays = (typeof CORR_DAYS)[number];
export const isCorrDays = (d: unknown): d is CorrDays => typeof d === "number" && (CORR_DAYS as readonly number[]).includes(d);

export const DAY_MS = 24 * 3600_000;

/** "freestyle-15-correspondence": correspondence games are rated in their own pool per rule and board. */
export const corrPoolOf = (g: { rule: Rule; size: number }): string => `${g.rule}-${g.size}-correspondence`;

/** A correspondence game as the game page shows it: its days per move and when the move due must be made. */
export interface CorrespondenceView {
  days: number;
  /** ISO time; null once the game is over. */
  deadline: string | null;
}

/** One of my correspondence games where it is my turn (the nav's count, the /correspondence list). */
export interface CorrTurnView {
  gameId: string;
  opponent: string | null;
  size: number;
  rule: Rule;
  days: number;
  deadline: string;
}
