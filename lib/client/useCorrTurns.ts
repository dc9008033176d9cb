"use client";
// My correspondence games where it is my move (EV.corrTurns), kept fresh: read when the socket
// (re)connects, when the page changes (a move of mine elsewhere), every minute, and at once when the
// server says it is my move somewhere (EV.corrTurn), which also raises the alert given, and after a
// move in one of the listed games.
import { useEffect, useRef, useState } from "react";
import { usePathname } from "next/navigation";
import { EV } from "@/lib/shared/protocol";
import type { CorrTurnView } from "@/lib/shared/correspondence";
import type { SocialServerToClient } from "@/lib/shared/social";
import { getSocket, request } from "./socket";

const REFRESH_MS = 60_000;
type Turn = Parameters<SocialServerToClient["corr:turn"]>[0];

export function useCorrTurns(onTurn?: (e: Turn) => void): CorrTurnView[] | null {
  const path = usePathname();
  const [games, setGames] = useState<CorrTurnView[] | null>(null);
  const listed = useRef<CorrTurnView[] | null>(null);
  listed.current = games;

  useEffect(() => {
    const socket = getSocket();
    let alive = true;
    const read = () =>
      void request(EV.corrTurns, {}).then((ack) => {
        if (alive && ack.ok) setGames(ack.games);
      });
    const turn = (e: Turn) => {
      onTurn?.(e);
      read();
    };
    // A move in one of the listed games (mine, made in this tab or another): the list changes.
    const moved = (e: { gameId: string }) => listed.current?.some((g) => g.gameId === e.gameId) && read();
    socket.on("connect", read);
    socket.on(EV.corrTurn, turn);
    socket.on(EV.moved, moved);
    if (socket.connected) read();
    const timer = setInterval(read, REFRESH_MS);
    return () => {
      alive = false;
      socket.off("connect", read);
      socket.off(EV.corrTurn, turn);
      socket.off(EV.moved, moved);
      clearInterval(timer);
    };
  }, [path, onTurn]);

  return games;
}
