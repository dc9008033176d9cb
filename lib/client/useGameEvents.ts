"use client";
// The socket's events about one game, applied to its view (lib/client/game-updates): connect (then
// join), disconnect, state, moved (a gap: join again), thinking, scored, spectators. Leaving the page
// leaves the game's room.
import { useEffect, type RefObject } from "react";
import { EV, type GameState, type MoveRecord, type ServerToClient, type Thinking } from "@/lib/shared/protocol";
import { getSocket, request } from "./socket";
import { applyMoved, scoreArrived, spectatorsArrived, stateArrived, thinkingArrived, type GameViewState, type MovedEvent } from "./game-updates";

export type UpdateView = (fn: (v: GameViewState) => GameViewState) => void;

/** The server's events about one game that the page listens to. */
type GameEvents = Pick<ServerToClient, typeof EV.state | typeof EV.moved | typeof EV.thinking | typeof EV.scored | typeof EV.spectators>;

export function useGameEvents(gameId: string, viewRef: RefObject<GameViewState>, update: UpdateView, join: () => Promise<void>): void {
  useEffect(() => {
    const socket = getSocket(gameId);
    /** A report about this page's game, applied to the view (another game's is ignored). */
    const aboutThisGame =
      <E extends { gameId: string }>(apply: (v: GameViewState, e: E) => GameViewState) =>
      (e: E) => {
        if (e.gameId === gameId) update((v) => apply(v, e));
      };
    const onConnect = () => {
      update((v) => ({ ...v, connected: true }));
      void join();
    };
    const onDisconnect = () => update((v) => ({ ...v, connected: false }));
    const gameEvents: GameEvents = {
      [EV.state]: (s: GameState) => {
        if (s.id === gameId) update((v) => stateArrived(v, s, Date.now()));
      },
      [EV.moved]: (e: MovedEvent) => {
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
      },
      [EV.thinking]: aboutThisGame((v, t: Thinking) => thinkingArrived(v, t)),
      [EV.scored]: aboutThisGame((v, e: { gameId: string; move: MoveRecord }) => scoreArrived(v, e.move)),
      [EV.spectators]: aboutThisGame((v, e: { gameId: string; count: number }) => spectatorsArrived(v, e.count)),
    };
    // One list for on and off: every listener added is removed again.
    const listeners = Object.entries(gameEvents) as Array<[keyof GameEvents, GameEvents[keyof GameEvents]]>;
    socket.on("connect", onConnect);
    socket.on("disconnect", onDisconnect);
    for (const [event, on] of listeners) socket.on(event, on);
    if (socket.connected) onConnect();
    return () => {
      socket.off("connect", onConnect);
      socket.off("disconnect", onDisconnect);
      for (const [event, on] of listeners) socket.off(event, on);
      if (socket.connected) void request(EV.leave, { gameId });
    };
  }, [gameId, join, update, viewRef]);
}
