// The swap2 opening as a phase machine, pure (the server enforces it, the pages draw by it):
//   place3   the first player places three stones: black, white, black (plies 1-3);
//   choose3  the second player takes black, stays white (and plays the 4th), or places two more;
//   place2   the second player places the 4th (white) and the 5th (black);
//   choose5  the first player takes black or white (white plays the 6th);
//   settled  colours are fixed: whoever has black plays on as black.
// The stones are ordinary moves (colours alternate from black); the choices are a small record
// stored with the game. Until the colours are settled, the first player holds seat 1 (black) and
// the second seat 2; when a choice gives the first player white, the seats are exchanged once.
// So the phase follows from (record, number of moves): a restarted server resumes the opening.
import type { Color } from "../../engine";

export type Swap2Choice = "black" | "white" | "place";
/** What a game stores: the choices made so far, and when the colours were settled (the clocks start then). */
export interface Swap2Record {
  /** The second player's choice with three stones on the board. */
  first?: Swap2Choice;
  /** The first player's choice with five stones on the board (after "place"). */
  second?: "black" | "white";
  /** ISO UTC: when the colours were settled. */
  at?: string;
}
export type Swap2Phase = "place3" | "choose3" | "place2" | "choose5" | "settled";
/** Who acts in the opening: the player who placed the first stone, or the other. */
export type Swap2Role = "first" | "second";

export function swap2Phase(r: Swap2Record, plies: number): Swap2Phase {
  if (!r.first) return plies < 3 ? "place3" : "choose3";
  if (r.first !== "place" || r.second) return "settled";
  return plies < 5 ? "place2" : "choose5";
}

/** Who must act in `phase` (null once settled: the side to move by colour). */
export function swap2Role(phase: Swap2Phase): Swap2Role | null {
  return phase === "place3" || phase === "choose5" ? "first" : phase === "choose3" || phase === "place2" ? "second" : null;
}

/** The seat that acts in an unsettled phase: the first player holds seat 1 until the colours are settled. */
export const seatOfRole = (role: Swap2Role): Color => (role === "first" ? 1 : 2);

/** How many stones the opening placed, once settled (3 or 5), else null. */
export function openingPlies(r: Swap2Record): 3 | 5 | null {
  if (!r.first || (r.first === "place" && !r.second)) return null;
  return r.first === "place" ? 5 : 3;
}

/** The colour the first player ends with: white when the second took black, or when the first chose white. */
export function firstPlayerColor(r: Swap2Record): Color {
  return r.first === "black" || r.second === "white" ? 2 : 1;
}

/** The seats were exchanged (the first player ended with white). */
export const swapped = (r: Swap2Record): boolean => firstPlayerColor(r) === 2;

export interface Swap2Refusal {
  code: "WRONG_PHASE" | "WRONG_PLY" | "NOT_YOUR_TURN" | "NOT_ALLOWED";
  message: string;
}

const PHASE_TEXT: Record<Swap2Phase, string> = {
  place3: "the first player is placing the three opening stones",
  choose3: "the second player is choosing (black, white, or two more stones)",
  place2: "the second player is placing two more stones",
  choose5: "the first player is choosing a colour",
  settled: "the opening is over",
};

/**
 * Why the player in seat `seat` may not make `choice` now, with `stones` the number of stones they
 * saw (null: they may). Checked before anything changes.
 */
export function choiceRefusal(r: Swap2Record, plies: number, seat: Color, choice: Swap2Choice, stones: number): Swap2Refusal | null {
  const phase = swap2Phase(r, plies);
  if (phase !== "choose3" && phase !== "choose5") return { code: "WRONG_PHASE", message: `No choice to make now: ${PHASE_TEXT[phase]}.` };
  if (stones !== plies) return { code: "WRONG_PLY", message: `The board has ${plies} stones, not ${stones}: reload the game.` };
  if (seatOfRole(swap2Role(phase)!) !== seat) return { code: "NOT_YOUR_TURN", message: `It is your opponent's choice: ${PHASE_TEXT[phase]}.` };
  if (choice === "place" && phase !== "choose3")
    return { code: "NOT_ALLOWED", message: "Two more stones can be placed only by the second player, with three stones on the board." };
  return null;
}

/**
 * Why the player in seat `seat` may not place a stone now (null: they may, or the opening is over and
 * the usual turn rule applies). The stone's colour follows from its ply, never from the client.
 */
export function placeRefusal(r: Swap2Record, plies: number, seat: Color): Swap2Refusal | null {
  const phase = swap2Phase(r, plies);
  if (phase === "settled") return null;
  if (phase === "choose3" || phase === "choose5") return { code: "WRONG_PHASE", message: `No stone can be placed now: ${PHASE_TEXT[phase]}.` };
  if (seatOfRole(swap2Role(phase)!) !== seat) return { code: "NOT_YOUR_TURN", message: `It is not your turn: ${PHASE_TEXT[phase]}.` };
  return null;
}

/** The record after `choice` (already checked), made at `at`. */
export function applyChoice(r: Swap2Record, plies: number, choice: Swap2Choice, at: Date): Swap2Record {
  if (swap2Phase(r, plies) === "choose3") return choice === "place" ? { first: "place" } : { first: choice, at: at.toISOString() };
  return { ...r, second: choice === "white" ? "white" : "black", at: at.toISOString() };
}

/** Opening stones are those placed before the colours were settled (all, while unsettled). */
export function isOpeningPly(r: Swap2Record, ply: number): boolean {
  const n = openingPlies(r);
  return n === null || ply <= n;
}

/** The choices as lines for the move list and the replay, each after the ply it follows. */
export function choiceLines(r: Swap2Record): Array<{ afterPly: 3 | 5; text: string; testId: string }> {
  const lines: Array<{ afterPly: 3 | 5; text: string; testId: string }> = [];
  if (r.first === "black") lines.push({ afterPly: 3, text: "White chose to swap: takes black", testId: "swap2-choice-3" });
  if (r.first === "white") lines.push({ afterPly: 3, text: "White chose to stay white", testId: "swap2-choice-3" });
  if (r.first === "place") lines.push({ afterPly: 3, text: "White chose to place two more", testId: "swap2-choice-3" });
  if (r.second === "black") lines.push({ afterPly: 5, text: "Black chose to stay black", testId: "swap2-choice-5" });
  if (r.second === "white") lines.push({ afterPly: 5, text: "Black chose to swap: takes white", testId: "swap2-choice-5" });
  return lines;
}

/** What the page says in each phase: to the player who acts ("me"), their opponent, or a spectator. */
export function phasePrompt(phase: Swap2Phase, plies: number, who: "me" | "opponent" | "watcher"): string {
  const nth = ["1st", "2nd", "3rd", "4th", "5th"][plies] ?? `${plies + 1}th`;
  const colour = plies % 2 === 0 ? "black" : "white";
  const they = who === "opponent" ? "Your opponent" : phase === "place3" || phase === "choose5" ? "The first player" : "The second player";
  if (phase === "place3" || phase === "place2")
    return who === "me" ? `Swap2: place the ${nth} opening stone (${colour})` : `Swap2: ${they} places the ${nth} stone`;
  if (phase === "choose3") return who === "me" ? "Swap2: take black, stay white, or place two more" : `Swap2: ${they} is choosing`;
  if (phase === "choose5") return who === "me" ? "Swap2: choose your colour" : `Swap2: ${they} is choosing a colour`;
  return "";
}
