"use client";
// One game as the browser sees it: join (with the stored seat token, or taking the free seat),
// live updates (moved / state / thinking / spectators), rejoin on reconnect, and the seat actions.
import { useCallback, useEffect, useRef, useState } from "react";
import { EV, type GameState, type MoveRecord, type ServerToClient, type Thinking } from "@/lib/shared/protocol";
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
  loadError: string | null;
  /** Local receive time of the last clock update, for counting down without trusting clock skew. */
  clockAt: number;
}

export interface GameActions {
  move: (x: number, y: number) => Promise<string | null>;
  resign: () => Promise<string | null>;
  takeback: () => Promise<string | null>;
  rematch: () => Promise<{ gameId: string } | { error: string }>;
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
        const message = ack.error.message;
        update((v) => ({ ...v, loadError: message }));
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
    const onSpectators = (e: { gameId: string; count: number }) => {
      if (e.gameId !== gameId) return;
      update((v) => (v.state ? { ...v, state: { ...v.state, spectators: e.count } } : v));
    };
    socket.on("connect", onConnect);
    socket.on("disconnect", onDisconnect);
    socket.on(EV.state, onState);
    socket.on(EV.moved, onMoved);
    socket.on(EV.thinking, onThinking);
    socket.on(EV.spectators, onSpectators);
    if (socket.connected) onConnect();
    return () => {
      socket.off("connect", onConnect);
      socket.off("disconnect", onDisconnect);
      socket.off(EV.state, onState);
      socket.off(EV.moved, onMoved);
      socket.off(EV.thinking, onThinking);
      socket.off(EV.spectators, onSpectators);
      if (socket.connected) void request(EV.leave, { gameId });
    };
  }, [gameId, join, update]);

  const move = useCallback(
    async (x: number, y: number) => {
      const { state, seatToken } = viewRef.current;
      if (!state || !seatToken) return "You are watching this game.";
      const ack = await request(EV.move, { gameId, seatToken, ply: state.moves.length + 1, x, y });
      if (ack.ok) return null;
      if (ack.error.code === "WRONG_PLY") void join();
      return ack.error.message;
    },
    [gameId, join],
  );

  const seatAction = useCallback(
    async (event: typeof EV.resign | typeof EV.takeback) => {
      const { seatToken } = viewRef.current;
      if (!seatToken) return "You are watching this game.";
      const ack = await request(event, { gameId, seatToken });
      // The server broadcasts the new state; a rejoin makes sure we have it even if it did not.
      void join();
      return ack.ok ? null : ack.error.message;
    },
    [gameId, join],
  );

  const rematch = useCallback(async () => {
    const { seatToken } = viewRef.current;
    if (!seatToken) return { error: "You are watching this game." };
    const ack = await request(EV.rematch, { gameId, seatToken });
    if (!ack.ok) return { error: ack.error.message };
    setSeatToken(ack.gameId, ack.seatToken);
    return { gameId: ack.gameId };
  }, [gameId]);

  return [
    view,
    {
      move,
      resign: () => seatAction(EV.resign),
      takeback: () => seatAction(EV.takeback),
      rematch,
      resync: () => void join(),
    },
  ];
}
