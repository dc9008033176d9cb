"use client";
// What the holder of a seat can do in a game (a spectator is answered SPECTATOR): each action is one
// acknowledged request with the seat token (none: the seat is your identity's, lib/server/identity),
// answered with the refusal or null; a refusal that may mean stale state joins again.
import { useCallback, type RefObject } from "react";
import { EV, type ErrorInfo } from "@/lib/shared/protocol";
import type { Swap2Choice } from "@/lib/shared/swap2";
import { request } from "./socket";
import { setSeatToken } from "./seats";
import type { GameViewState } from "./game-updates";

export interface GameActions {
  move: (x: number, y: number) => Promise<ErrorInfo | null>;
  resign: () => Promise<ErrorInfo | null>;
  takeback: () => Promise<ErrorInfo | null>;
  /** Rated play's early endings (answers the refusal, or null when done). */
  abort: () => Promise<ErrorInfo | null>;
  offerDraw: () => Promise<ErrorInfo | null>;
  acceptDraw: () => Promise<ErrorInfo | null>;
  declineDraw: () => Promise<ErrorInfo | null>;
  claim: () => Promise<ErrorInfo | null>;
  /** A swap2 choice (take black, take white, or place two more). */
  chooseSwap2: (choice: Swap2Choice) => Promise<ErrorInfo | null>;
  rematch: () => Promise<{ gameId: string } | { error: ErrorInfo }>;
  resync: () => void;
}

/** What an action by a spectator answers (the page words it by its code). */
const WATCHING: ErrorInfo = { code: "SPECTATOR", message: "You are watching this game." };
const NO_CHOICE: ErrorInfo = { code: "WRONG_PHASE", message: "There is no choice to make now." };

type SeatEvent = typeof EV.resign | typeof EV.takeback | typeof EV.abort | typeof EV.drawOffer | typeof EV.drawAccept | typeof EV.drawDecline | typeof EV.claim;

const tokenOf = (seatToken: string | null) => (seatToken ? { seatToken } : {});

export function useSeatActions(gameId: string, viewRef: RefObject<GameViewState>, join: () => Promise<void>): GameActions {
  const move = useCallback(
    async (x: number, y: number) => {
      const { state, seatToken, color } = viewRef.current;
      if (!state || !color) return WATCHING;
      const ack = await request(EV.move, { gameId, ...tokenOf(seatToken), ply: state.moves.length + 1, x, y });
      if (ack.ok) return null;
      if (ack.error.code === "WRONG_PLY") void join();
      return ack.error;
    },
    [gameId, join, viewRef],
  );

  const seatAction = useCallback(
    async (event: SeatEvent) => {
      const { seatToken, color } = viewRef.current;
      if (!color) return WATCHING;
      const ack = await request(event, { gameId, ...tokenOf(seatToken) });
      // The server broadcasts the new state; a rejoin makes sure we have it even if it did not.
      void join();
      return ack.ok ? null : ack.error;
    },
    [gameId, join, viewRef],
  );

  const chooseSwap2 = useCallback(
    async (choice: Swap2Choice) => {
      const { state, seatToken, color } = viewRef.current;
      if (!state || !color) return WATCHING;
      const stones = state.moves.length;
      if (stones !== 3 && stones !== 5) return NO_CHOICE;
      const ack = await request(EV.swap2, { gameId, ...tokenOf(seatToken), stones, choice });
      if (ack.ok) return null;
      void join();
      return ack.error;
    },
    [gameId, join, viewRef],
  );

  const rematch = useCallback(async () => {
    const { seatToken, color } = viewRef.current;
    if (!color) return { error: WATCHING };
    const ack = await request(EV.rematch, { gameId, ...tokenOf(seatToken) });
    if (!ack.ok) return { error: ack.error };
    setSeatToken(ack.gameId, ack.seatToken);
    return { gameId: ack.gameId };
  }, [gameId, viewRef]);

  return {
    move,
    resign: () => seatAction(EV.resign),
    takeback: () => seatAction(EV.takeback),
    abort: () => seatAction(EV.abort),
    offerDraw: () => seatAction(EV.drawOffer),
    acceptDraw: () => seatAction(EV.drawAccept),
    declineDraw: () => seatAction(EV.drawDecline),
    claim: () => seatAction(EV.claim),
    chooseSwap2,
    rematch,
    resync: () => void join(),
  };
}
