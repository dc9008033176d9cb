// What a game looks like from outside: the GameState sent to sockets, made of the Entry, the
// room's presence (the realtime layer knows it) and what the caller knows besides (a TV game).
import type { Color } from "../../../engine";
import type { GameState, Seat } from "../../shared/protocol";
import { clockOf } from "./clock";
import { toMoveOf, type Entry } from "./entry";

/** Who is in a game's room. */
export interface Presence {
  spectators: number;
  connected: { 1: boolean; 2: boolean };
}

/** Where the service reads presence from (the realtime layer: lib/server/realtime/presence). */
export interface PresenceSource {
  presenceOf(gameId: string): Presence;
}

/** Nobody there: no realtime layer, or it has closed. */
/** Nobody in a game's room: a new object each time (callers fill it in). */
export const noPresence = (): Presence => ({ spectators: 0, connected: { 1: false, 2: false } });
export const NOBODY: PresenceSource = { presenceOf: noPresence };

/** The state of `e` as sockets see it (copies: the Entry stays the service's). */
export function stateOf(e: Entry, presence: Presence, tv: boolean): GameState {
  const seat = (c: Color): Seat => {
    const s = e.seats[c];
    return s.kind === "engine" ? { kind: "engine", engine: s.engine } : { kind: "human", taken: e.tokens[c] !== null, connected: presence.connected[c] };
  };
  return {
    id: e.id,
    kind: e.kind,
    size: e.size,
    rule: e.rule,
    opening: e.opening.map((s) => ({ ...s })),
    black: seat(1),
    white: seat(2),
    status: e.status,
    result: e.result,
    reason: e.reason,
    winLine: e.winLine,
    moves: e.moves.map((m) => ({ ...m })),
    toMove: toMoveOf(e),
    clock: clockOf(e),
    spectators: presence.spectators,
    createdAt: e.createdAt.toISOString(),
    rematchId: e.rematchId,
    ...(tv ? { tv: true } : {}),
  };
}
