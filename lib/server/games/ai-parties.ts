// Who a game's engine search is for: its owner (the AI's caps and turn order), its priority, and the
// one person in a game against the AI. Read by the engine seat's parts (engine-turn, ponder, away-watch).
import type { AiPriority } from "../ai/pool";
import type { Color } from "../../../engine";
import type { Entry } from "./entry";

/**
 * Whose search it is, for the AI's caps and turn order: the person playing the AI (their identity:
 * one person's many games share one cap), else the address that made the game (a script without a
 * session), else the game (reloaded from the rows, its maker unknown).
 */
export const ownerOf = (e: Readonly<Entry>) => {
  const person = e.seats[1].kind === "human" ? e.players[1] : e.seats[2].kind === "human" ? e.players[2] : null;
  return person ? `player:${person}` : (e.aiOwner ?? `game:${e.id}`);
};

/** The colour of the one person in a game against the AI, or null (AI vs AI, two people). */
export function humanSeatOf(e: Readonly<Entry>): Color | null {
  const h1 = e.seats[1].kind === "human";
  const h2 = e.seats[2].kind === "human";
  return h1 === h2 ? null : h1 ? 1 : 2;
}

/** Nobody waits for an AI-vs-AI move (the TV, watched matches): it yields to the live turns. */
export const priorityOf = (e: Readonly<Entry>): AiPriority => (e.seats[1].kind === "engine" && e.seats[2].kind === "engine" ? "tv" : "live");
