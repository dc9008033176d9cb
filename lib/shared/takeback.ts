// The takeback rule, once: the server enforces it, the game page shows the button by it.
import type { GameEndReason, GameKind, GameStatus } from "./protocol";
import { openingPlies, type Swap2Record } from "./swap2";

interface TakebackView {
  kind: GameKind;
  status: GameStatus;
  reason: GameEndReason | null;
  moves: ReadonlyArray<{ color: 1 | 2 }>;
  swap2?: Swap2Record | null;
}

/**
 * Why `color` may not take back its last move now, or null when it may: only against the AI, while
 * playing or after a five / full board (not after a resignation or a flag), and only with a move of
 * its own on the board. Taking back removes that move and every move after it.
 */
export function takebackRefusal(g: TakebackView, color: 1 | 2): { code: "NOT_ALLOWED" | "GAME_OVER"; message: string } | null {
  if (g.kind !== "hva") return { code: "NOT_ALLOWED", message: "Takeback is only for games against the AI." };
  if (g.status === "finished" && g.reason !== "five" && g.reason !== "full")
    return { code: "GAME_OVER", message: `The game is over (${g.reason}): nothing to take back.` };
  // Swap2: the opening is a negotiation, not moves: nothing in it is taken back.
  if (g.swap2) {
    const opening = openingPlies(g.swap2);
    if (opening === null) return { code: "NOT_ALLOWED", message: "No takeback during the swap2 opening." };
    if (lastMoveIndexOf(g.moves, color) < opening) return { code: "NOT_ALLOWED", message: "You have no move after the swap2 opening to take back." };
  }
  if (lastMoveIndexOf(g.moves, color) < 0) return { code: "NOT_ALLOWED", message: "You have no move to take back." };
  return null;
}

/** Index in `moves` of `color`'s last move, -1 if none. */
export function lastMoveIndexOf(moves: ReadonlyArray<{ color: 1 | 2 }>, color: 1 | 2): number {
  for (let i = moves.length - 1; i >= 0; i--) if (moves[i].color === color) return i;
  return -1;
}
