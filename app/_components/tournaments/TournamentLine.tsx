"use client";
// The tournaments line of a player page: finished events played, won, on the podium (GET
// /api/tournaments/players/<name>); nothing when they have played none.
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { PlayerTournamentLine } from "@/lib/shared/tournaments";
import { tourApi } from "./api";

export function TournamentLine({ name }: { name: string }) {
  const t = useTranslations("tournaments");
  const [line, setLine] = useState<PlayerTournamentLine | null>(null);
  useEffect(() => {
    let alive = true;
    void tourApi<{ line: PlayerTournamentLine }>(`/players/${encodeURIComponent(name)}`).then(
      (a) => alive && a.ok && setLine(a.line),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [name]);
  if (!line?.played) return null;
  return (
    <p className="text-sm text-muted" data-testid="player-tournaments">
      {t("playerLine", { played: line.played, won: line.won, podiums: line.podiums })}
    </p>
  );
}
