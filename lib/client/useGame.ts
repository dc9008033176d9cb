"use client";
// One game as the browser sees it: join (with the stored seat token, or taking the free seat),
// live updates (moved / state / thinking / spectators: ./useGameEvents, applied by ./game-updates),
// rejoin on reconnect, and the seat actions (./useSeatActions).
import { useCallback, useRef, useState } from "react";
import { EV } from "@/lib/shared/protocol";
import { request } from "./socket";
import { getSeatToken, setSeatToken } from "./seats";
import { NO_GAME_YET, joined, type GameViewState } from "./game-updates";
import { useGameEvents, type UpdateView } from "./useGameEvents";
import { useSeatActions, type GameActions } from "./useSeatActions";

export type { GameViewState } from "./game-updates";
export type { GameActions } from "./useSeatActions";
export { applyMoved, colorAfter } from "./game-updates";

export function useGame(gameId: string, opts: { watchOnly?: boolean } = {}): [GameViewState, GameActions] {
  const [view, setView] = useState<GameViewState>(NO_GAME_YET);
  // The authoritative copy, updated synchronously so event handlers always see the latest state.
  const viewRef = useRef(view);
  const update = useCallback((fn: (v: GameViewState) => GameViewState) => {
    const next = fn(viewRef.current);
    if (next !== viewRef.current) {
      viewRef.current = next;
      setView(next);
    }
  }, []);
  const join = useJoin(gameId, !!opts.watchOnly, update);
  useGameEvents(gameId, viewRef, update, join);
  return [view, useSeatActions(gameId, viewRef, join)];
}

/** Joins the game's room: with the stored seat token, else taking the free seat (unless watching only); refused: watch. */
function useJoin(gameId: string, watchOnly: boolean, update: UpdateView): () => Promise<void> {
  const joining = useRef(false);
  const again = useRef(false);
  const join = useCallback(async (): Promise<void> => {
    // One join at a time; a request during a join runs once more afterwards (it may need newer state).
    if (joining.current) {
      again.current = true;
      return;
    }
    joining.current = true;
    try {
      const stored = getSeatToken(gameId);
      let ack = stored ? await request(EV.join, { gameId, seatToken: stored }) : await request(EV.join, { gameId, takeSeat: !watchOnly });
      // A stale token or a seat someone else took first: watch instead.
      if (!ack.ok && ack.error.code !== "NOT_FOUND" && ack.error.code !== "BAD_PAYLOAD") {
        ack = await request(EV.join, { gameId });
      }
      if (!ack.ok) {
        const error = ack.error;
        update((v) => ({ ...v, loadError: error }));
        return;
      }
      if (ack.seatToken) setSeatToken(gameId, ack.seatToken);
      update((v) => joined(v, ack, Date.now()));
    } finally {
      joining.current = false;
      if (again.current) {
        again.current = false;
        void join();
      }
    }
  }, [gameId, watchOnly, update]);
  return join;
}
