"use client";
// The socket's events about one game, applied to its view (lib/client/game-updates): connect (then
// join), disconnect, state, moved (a gap: join again), thinking, scored, spectators. Leaving the page
// leaves the game's room.
import { useEffect, type RefObject } from "react";
import { EV, type GameState, type MoveRecord, type Thinking } from "@/lib/shared/protocol";
import { getSocket, request } from "./socket";
import { applyMoved, scoreArrived, spectatorsArrived, stateArrived, thinkingArrived, type GameView, type MovedEvent } from "./game-updates";

export type UpdateView = (fn: (v: GameView) => GameView) => void;

export function useGameEvents(gameId: string, viewRef: RefObject<GameView>, update: UpdateView, join: () => Promise<void>): void {
  useEffect(() => {
    const socket = getSocket(gameId);
    const onConnect = () => {
      update((v) => ({ ...v, connected: true }));
      void join();
    };
    const onDisconnect = () => update((v) => ({ ...v, connected: false }));
    const onState = (s: GameState) => {
      if (s.id === gameId) update((v) => stateArrived(v, s, Date.now()));
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
      if (t.gameId === gameId) update((v) => thinkingArrived(v, t));
    };
    const onScored = (e: { gameId: string; move: MoveRecord }) => {
      if (e.gameId === gameId) update((v) => scoreArrived(v, e.move));
    };
    const onSpectators = (e: { gameId: string; count: number }) => {
      if (e.gameId === gameId) update((v) => spectatorsArrived(v, e.count));
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
  }, [gameId, join, update, viewRef]);
}
