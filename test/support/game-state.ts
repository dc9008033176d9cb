// A game's state as the server sends it (lib/shared/protocol), for the browser's pure tests
// (lib/client/game-updates, lib/client/game-view): a 15×15 freestyle game between two people, playing.
import type { GameState, Seat } from "../../lib/shared/protocol";

export const HUMAN_SEAT: Seat = { kind: "human", taken: true, connected: true };

/** The state with `over` in place of its defaults; the side to move follows the moves. */
export function gameState(over: Partial<GameState> = {}): GameState {
  const moves = over.moves ?? [];
  return {
    id: "g",
    kind: "hvh",
    size: 15,
    rule: "freestyle",
    opening: [],
    black: { ...HUMAN_SEAT },
    white: { ...HUMAN_SEAT },
    status: "playing",
    result: null,
    reason: null,
    winLine: null,
    moves,
    toMove: moves.length % 2 === 0 ? 1 : 2,
    clock: null,
    spectators: 0,
    createdAt: "",
    ...over,
  };
}
