// One game as the browser sees it (lib/client/useGame), and how each server event changes it: pure
// functions of the view and the event (and the receive time), so they are tested without a socket.
import type { EV, ErrorInfo, GameState, MoveRecord, ServerToClient, Thinking } from "@/lib/shared/protocol";
import { swapped } from "@/lib/shared/swap2";

export type MovedEvent = Parameters<ServerToClient[typeof EV.moved]>[0];

export interface GameViewState {
  state: GameState | null;
  /** The colour you hold, or null when watching. */
  color: 1 | 2 | null;
  seatToken: string | null;
  thinking: Thinking | null;
  connected: boolean;
  /** Set when the game cannot be loaded at all (unknown id…). */
  loadError: ErrorInfo | null;
  /** Local receive time of the last clock update, for counting down without trusting clock skew. */
  clockAt: number;
}

export const NO_GAME_YET: GameViewState = { state: null, color: null, seatToken: null, thinking: null, connected: false, loadError: null, clockAt: 0 };

/** A move appended to the state, "same" (one we have), or "resync" (a gap or a different move: join again). */
export function applyMoved(state: GameState, e: MovedEvent): GameState | "resync" | "same" {
  const n = state.moves.length;
  if (e.move.ply <= n) {
    const have = state.moves[e.move.ply - 1];
    return have && have.x === e.move.x && have.y === e.move.y ? "same" : "resync";
  }
  if (e.move.ply !== n + 1) return "resync";
  const moves: MoveRecord[] = [...state.moves, e.move];
  return {
    ...state,
    moves,
    status: e.status,
    result: e.result,
    reason: e.reason,
    winLine: e.winLine,
    clock: e.clock,
    toMove: e.move.color === 1 ? 2 : 1,
  };
}

/** Swap2: my colour after `next` arrives, when `prev` was the state my colour belonged to (the seats change colour once, at the choice). */
export function colorAfter(color: 1 | 2 | null, prev: GameState | null, next: GameState): 1 | 2 | null {
  if (color === null || !prev?.swap2 || !next.swap2) return color;
  return swapped(prev.swap2) === swapped(next.swap2) ? color : color === 1 ? 2 : 1;
}

/** A join's answer: the state, my seat and its token; a search report still about the next ply stays. */
export function joined(v: GameViewState, ack: { state: GameState; color: 1 | 2 | null; seatToken: string | null }, now: number): GameViewState {
  return {
    ...v,
    state: ack.state,
    color: ack.color,
    seatToken: ack.seatToken ?? null,
    loadError: null,
    clockAt: now,
    thinking: v.thinking && v.thinking.ply === ack.state.moves.length + 1 ? v.thinking : null,
  };
}

/**
 * A full state: my colour follows a swap2 choice; a search report about another ply, or a game over, goes.
 * Before the join's answer it is ignored: a player taking a seat gets the room's state first, and that
 * copy knows no colour (the page would open the spectators' chat for a player and be refused).
 */
export function stateArrived(v: GameViewState, s: GameState, now: number): GameViewState {
  if (!v.state) return v;
  return {
    ...v,
    state: s,
    color: colorAfter(v.color, v.state, s),
    clockAt: now,
    thinking: v.thinking && v.thinking.ply === s.moves.length + 1 && s.status === "playing" ? v.thinking : null,
  };
}

/** An engine's search report: kept only if it is about the next ply (before the join's answer: kept for joined() to judge). */
export function thinkingArrived(v: GameViewState, t: Thinking): GameViewState {
  if (!v.state) return { ...v, thinking: t };
  return t.ply === v.state.moves.length + 1 ? { ...v, thinking: t } : v;
}

/** A move's score, added after it was played: only onto that very move. */
export function scoreArrived(v: GameViewState, move: MoveRecord): GameViewState {
  const cur = v.state?.moves[move.ply - 1];
  if (!v.state || !cur || cur.x !== move.x || cur.y !== move.y) return v;
  const moves = v.state.moves.slice();
  moves[move.ply - 1] = move;
  return { ...v, state: { ...v.state, moves } };
}

export function spectatorsArrived(v: GameViewState, count: number): GameViewState {
  return v.state ? { ...v, state: { ...v.state, spectators: count } } : v;
}
