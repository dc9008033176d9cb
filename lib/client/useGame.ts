"use client";
// One game as the browser sees it: join (with the stored seat token, or taking the free seat),
// live updates (moved / state / thinking / spectators), rejoin on reconnect, and the seat actions.
import { useCallback, useEffect, useRef, useState } from "react";
import { EV, type ErrorInfo, type GameState, type MoveRecord, type ServerToClient, type Thinking } from "@/lib/shared/protocol";
import { swapped, type Swap2Choice } from "@/lib/shared/swap2";
import { getSocket, request } from "./socket";
import { getSeatToken, setSeatToken } from "./seats";

type MovedEvent = Parameters<ServerToClient[typeof EV.moved]>[0];

export interface GameView {
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

/** What an action by a spectator answers (the page words it by its code). */
const WATCHING: ErrorInfo = { code: "SPECTATOR", message: "You are watching this game." };
const NO_CHOICE: ErrorInfo = { code: "WRONG_PHASE", message: "There is no choice to make now." };

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

export function useGame(gameId: string, opts: { watchOnly?: boolean } = {}): [GameView, GameActions] {
  const [view, setView] = useState<GameView>({
    state: null,
    color: null,
    seatToken: null,
    thinking: null,
    connected: false,
    loadError: null,
    clockAt: 0,
  });
  // The authoritative copy, updated synchronously so event handlers always see the latest state.
  const viewRef = useRef(view);
  const update = useCallback((fn: (v: GameView) => GameView) => {
    const next = fn(viewRef.current);
    if (next !== viewRef.current) {
      viewRef.current = next;
      setView(next);
    }
  }, []);
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
      let ack = stored ? await request(EV.join, { gameId, seatToken: stored }) : await request(EV.join, { gameId, takeSeat: !opts.watchOnly });
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
      update((v) => ({
        ...v,
        state: ack.state,
        color: ack.color,
        seatToken: ack.seatToken ?? null,
        loadError: null,
        clockAt: Date.now(),
        thinking: v.thinking && v.thinking.ply === ack.state.moves.length + 1 ? v.thinking : null,
      }));
    } finally {
      joining.current = false;
      if (again.current) {
        again.current = false;
        void join();
      }
    }
  }, [gameId, opts.watchOnly, update]);

  useEffect(() => {
    const socket = getSocket(gameId);
    const onConnect = () => {
      update((v) => ({ ...v, connected: true }));
      void join();
    };
    const onDisconnect = () => update((v) => ({ ...v, connected: false }));
    const onState = (s: GameState) => {
      if (s.id !== gameId) return;
      update((v) => ({
        ...v,
        state: s,
        color: colorAfter(v.color, v.state, s),
        clockAt: Date.now(),
        thinking: v.thinking && v.thinking.ply === s.moves.length + 1 && s.status === "playing" ? v.thinking : null,
      }));
    };
    const onMoved = (e: MovedEvent) => {
      if (e.gameId !== gameId) return;
      const cur = viewRef.current.state;
      if (!cur) return;
      const next = applyMoved(cur, e);
      if (next === "resync") {
        void join();
        return;
      }
      if (next === "same") return;
      update((v) => ({ ...v, state: next, thinking: null, clockAt: Date.now() }));
    };
    const onThinking = (t: Thinking) => {
      if (t.gameId !== gameId) return;
      update((v) => (v.state && t.ply === v.state.moves.length + 1 ? { ...v, thinking: t } : v));
    };
    const onScored = (e: { gameId: string; move: MoveRecord }) => {
      if (e.gameId !== gameId) return;
      update((v) => {
        const cur = v.state?.moves[e.move.ply - 1];
        if (!v.state || !cur || cur.x !== e.move.x || cur.y !== e.move.y) return v;
        const moves = v.state.moves.slice();
        moves[e.move.ply - 1] = e.move;
        return { ...v, state: { ...v.state, moves } };
      });
    };
    const onSpectators = (e: { gameId: string; count: number }) => {
      if (e.gameId !== gameId) return;
      update((v) => (v.state ? { ...v, state: { ...v.state, spectators: e.count } } : v));
    };
    socket.on("connect", onConnect);
    socket.on("disconnect", onDisconnect);
    socket.on(EV.state, onState);
    socket.on(EV.moved, onMoved);
    socket.on(EV.thinking, onThinking);
    socket.on(EV.scored, onScored);
    socket.on(EV.spectators, onSpectators);
    if (socket.connected) onConnect();
    return () => {
      socket.off("connect", onConnect);
      socket.off("disconnect", onDisconnect);
      socket.off(EV.state, onState);
      socket.off(EV.moved, onMoved);
      socket.off(EV.thinking, onThinking);
      socket.off(EV.scored, onScored);
      socket.off(EV.spectators, onSpectators);
      if (socket.connected) void request(EV.leave, { gameId });
    };
  }, [gameId, join, update]);

  const move = useCallback(
    async (x: number, y: number) => {
      const { state, seatToken, color } = viewRef.current;
      if (!state || !color) return WATCHING;
      // No token: the seat is your identity's (lib/server/identity).
      const ack = await request(EV.move, { gameId, ...(seatToken ? { seatToken } : {}), ply: state.moves.length + 1, x, y });
      if (ack.ok) return null;
      if (ack.error.code === "WRONG_PLY") void join();
      return ack.error;
    },
    [gameId, join],
  );

  const seatAction = useCallback(
    async (
      event: typeof EV.resign | typeof EV.takeback | typeof EV.abort | typeof EV.drawOffer | typeof EV.drawAccept | typeof EV.drawDecline | typeof EV.claim,
    ) => {
      const { seatToken, color } = viewRef.current;
      if (!color) return WATCHING;
      const ack = await request(event, { gameId, ...(seatToken ? { seatToken } : {}) });
      // The server broadcasts the new state; a rejoin makes sure we have it even if it did not.
      void join();
      return ack.ok ? null : ack.error;
    },
    [gameId, join],
  );

  const chooseSwap2 = useCallback(
    async (choice: Swap2Choice) => {
      const { state, seatToken, color } = viewRef.current;
      if (!state || !color) return WATCHING;
      const stones = state.moves.length;
      if (stones !== 3 && stones !== 5) return NO_CHOICE;
      const ack = await request(EV.swap2, { gameId, ...(seatToken ? { seatToken } : {}), stones, choice });
      if (ack.ok) return null;
      void join();
      return ack.error;
    },
    [gameId, join],
  );

  const rematch = useCallback(async () => {
    const { seatToken, color } = viewRef.current;
    if (!color) return { error: WATCHING };
    const ack = await request(EV.rematch, { gameId, ...(seatToken ? { seatToken } : {}) });
    if (!ack.ok) return { error: ack.error };
    setSeatToken(ack.gameId, ack.seatToken);
    return { gameId: ack.gameId };
  }, [gameId]);

  return [
    view,
    {
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
    },
  ];
}
