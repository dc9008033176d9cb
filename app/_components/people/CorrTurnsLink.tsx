"use client";
// The nav's "Your turn N": my correspondence games waiting for my move (shown only when there are
// some), and the alert when a new move is mine (lib/client/alerts: a sound, a notification while hidden).
import Link from "next/link";
import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { alert } from "@/lib/client/alerts";
import { useCorrTurns } from "@/lib/client/useCorrTurns";

export function CorrTurnsLink() {
  const t = useTranslations("people.corr");
  const onTurn = useCallback(
    (e: { gameId: string; opponent: string | null }) => {
      // On that game's page the game page itself says it is your turn (lib/client/alerts: yourTurn).
      if (window.location.pathname === `/game/${e.gameId}`) return;
      alert("correspondenceTurn", { title: t("notify", { name: e.opponent ?? "?" }), url: `/game/${e.gameId}`, tag: `turn-${e.gameId}` });
    },
    [t],
  );
  const games = useCorrTurns(onTurn);
  if (!games || games.length === 0) return null;
  return (
    <Link
      href="/correspondence"
      className="flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-semibold text-accent-dark hover:bg-wood/20"
      title={t("navCount", { n: games.length })}
      aria-label={t("navCount", { n: games.length })}
      data-testid="nav-corr-turns"
      data-count={games.length}
    >
      <span className="hidden md:inline">{t("nav")}</span>
      <span className="rounded-full bg-accent px-1.5 text-xs text-white tabular-nums">{games.length}</span>
    </Link>
  );
}
