"use client";
// The lobby as the browser sees it: the open challenges and pool counts (live: EV.lobby), whether
// you wait in a pool, and EV.started (a challenge of yours accepted, a pairing made) → the game.
import { useCallback, useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { EV, type ErrorInfo, type LobbyState, type ServerToClient } from "@/lib/shared/protocol";
import { getSocket, request } from "./socket";

type Started = Parameters<ServerToClient[typeof EV.started]>[0];

export interface LobbyView {
  lobby: LobbyState | null;
  /** The pool you wait in, and since when (local time). */
  seeking: { pool: string; since: number } | null;
  error: ErrorInfo | null;
}

export function useLobby() {
  const router = useRouter();
  const [view, setView] = useState<LobbyView>({ lobby: null, seeking: null, error: null });

  useEffect(() => {
    const socket = getSocket();
    const watch = async () => {
      const ack = await request(EV.lobbyWatch, { watch: true });
      if (ack.ok)
        setView((v) => ({ lobby: ack.lobby, seeking: ack.seeking ? { pool: ack.seeking, since: v.seeking?.since ?? Date.now() } : null, error: null }));
      else setView((v) => ({ ...v, error: ack.error }));
    };
    const onLobby = (lobby: LobbyState) => setView((v) => ({ ...v, lobby }));
    const onStarted = (e: Started) => router.push(`/game/${e.gameId}`);
    socket.on("connect", watch);
    socket.on(EV.lobby, onLobby);
    socket.on(EV.started, onStarted);
    if (socket.connected) void watch();
    return () => {
      socket.off("connect", watch);
      socket.off(EV.lobby, onLobby);
      socket.off(EV.started, onStarted);
      if (socket.connected) void request(EV.lobbyWatch, { watch: false });
    };
  }, [router]);

  const seek = useCallback(async (pool: string): Promise<ErrorInfo | null> => {
    const ack = await request(EV.pairingJoin, { pool });
    if (!ack.ok) return ack.error;
    setView((v) => ({ ...v, seeking: { pool: ack.pool, since: Date.now() } }));
    return null;
  }, []);

  const stopSeeking = useCallback(async (): Promise<void> => {
    await request(EV.pairingLeave, {});
    setView((v) => ({ ...v, seeking: null }));
  }, []);

  return { ...view, seek, stopSeeking };
}
