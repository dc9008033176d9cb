"use client";
// The lobby's alert when a game of yours starts (quick pairing made, your challenge accepted:
// EV.started): the start sound, and a notification when the tab is hidden (a player paired while
// looking at another tab must not lose on time before seeing it). useLobby takes you to the game.
import { useEffect } from "react";
import { useTranslations } from "next-intl";
import { EV, type ServerToClient } from "@/lib/shared/protocol";
import { getSocket } from "@/lib/client/socket";
import { alert } from "@/lib/client/alerts";

type Started = Parameters<ServerToClient[typeof EV.started]>[0];

export function usePairedAlert(): void {
  const t = useTranslations("alerts.notes");
  useEffect(() => {
    const socket = getSocket();
    const onStarted = (e: Started) =>
      alert("paired", { title: t("pairedTitle"), body: t("pairedBody"), url: `/game/${encodeURIComponent(e.gameId)}`, tag: `game-${e.gameId}` });
    socket.on(EV.started, onStarted);
    return () => {
      socket.off(EV.started, onStarted);
    };
  }, [t]);
}
