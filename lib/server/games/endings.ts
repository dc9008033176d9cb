// The rules of ending a game early between people, pure (the service checks them under the game's
// lock, then ends or changes the game): abort before both sides have moved (no result, no rating
// change), draw offers (one stands at a time; it lapses when the offerer's opponent moves), and a
// claim of the win over an opponent who left on their turn for longer than the grace time.
import { other, type Color } from "../../../engine";
import type { ErrorCode } from "../../shared/protocol";
import { turnStartedAt } from "./clock";
import { openingPlies } from "../../shared/swap2";
import { actingSeatOf, inOpening, type Entry } from "./entry";
import type { Presence } from "./state";

export interface Refusal {
  code: ErrorCode;
  message: string;
}

export const betweenPeople = (e: Pick<Entry, "seats">) => e.seats[1].kind === "human" && e.seats[2].kind === "human";

/**
 * Why `color` may not abort `e` now (null: it may). Before each side has made a move of its own; in a
 * swap2 game, during the opening and until each side has moved after it (the clocks stand still in
 * the opening, so abort is the answer to an opponent who stalls there).
 */
export function abortRefusal(e: Pick<Entry, "moves" | "swap2">): Refusal | null {
  if (inOpening(e)) return null;
  const opening = e.swap2 ? (openingPlies(e.swap2) ?? 0) : 0;
  if (e.moves.length - opening >= 2)
    return { code: "NOT_ALLOWED", message: "Both sides have moved: the game can no longer be aborted (resign or offer a draw)." };
  return null;
}

/** Why `color` may not offer a draw in `e` now (null: it may). */
export function drawOfferRefusal(e: Pick<Entry, "seats" | "drawOffer" | "moves" | "swap2">, color: Color, offeredAtPly: number | undefined): Refusal | null {
  if (!betweenPeople(e)) return { code: "NOT_ALLOWED", message: "Draw offers are for games between two people." };
  if (inOpening(e)) return { code: "WRONG_PHASE", message: "The swap2 opening is not over: a draw can be offered once the colours are settled." };
  // Nothing is played yet: no result to agree on (lichess offers only abort then); a draw would be rated.
  if (abortRefusal(e) === null) return { code: "NOT_ALLOWED", message: "Each side must make a move before a draw can be offered: abort the game instead." };
  if (e.drawOffer === color) return { code: "NOT_ALLOWED", message: "Your draw offer stands already." };
  // One offer per position: a declined offer is not repeated until the game has moved on.
  if (offeredAtPly === e.moves.length) return { code: "LIMIT", message: "You offered a draw in this position already: play on first." };
  return null;
}

/** Why `color` may not answer (accept or decline) a draw offer in `e` (null: there is the opponent's offer to answer). */
export function drawAnswerRefusal(e: Pick<Entry, "drawOffer">, color: Color): Refusal | null {
  if (e.drawOffer !== other(color)) return { code: "NOT_ALLOWED", message: "There is no draw offer from your opponent to answer." };
  return null;
}

/** The offer that still stands after `mover` moved: an offer lapses when the offerer's opponent moves. */
export const offerAfterMove = (offer: Color | null, mover: Color): Color | null => (offer !== null && offer !== mover ? null : offer);

/** From when `e`'s player to move, absent, can be claimed as a loss (null: they are here, or it is no game between people). */
export function claimableAt(e: Entry, presence: Presence, graceMs: number): number | null {
  // A correspondence game waits for its player for days (./correspondence): never claimed for leaving.
  if (e.status !== "playing" || !betweenPeople(e) || e.corrDays) return null;
  const absent = actingSeatOf(e);
  if (presence.connected[absent]) return null;
  // Absent since they left, or since their turn began if they left before it (or were never seen);
  // a restart's downtime credited to the turn moves its start on (nobody could come back then).
  const since = Math.max(presence.goneSince?.[absent] ?? 0, turnStartedAt(e));
  return since + graceMs;
}

/** Why `color` may not claim the win in `e` at `now` (null: it may). */
export function claimRefusal(e: Entry, color: Color, presence: Presence, graceMs: number, now: number): Refusal | null {
  if (!betweenPeople(e)) return { code: "NOT_ALLOWED", message: "A win can be claimed only in a game between two people." };
  if (e.corrDays)
    return { code: "NOT_ALLOWED", message: "A correspondence game waits for your opponent: it is won only when their days for the move run out." };
  if (actingSeatOf(e) === color) return { code: "NOT_ALLOWED", message: "It is your turn: the win can be claimed only while your opponent is to move." };
  const at = claimableAt(e, presence, graceMs);
  if (at === null) return { code: "NOT_ALLOWED", message: "Your opponent is connected: there is nothing to claim." };
  if (now < at) return { code: "NOT_ALLOWED", message: `Your opponent may come back: you can claim the win in ${Math.ceil((at - now) / 1000)} s.` };
  return null;
}
