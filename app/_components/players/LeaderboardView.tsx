"use client";
// The leaderboard of one rating pool: established ratings first (highest first), then provisional
// ones ("?"). Data: GET /api/leaderboard?pool= (lib/server/ratings/http).
import { useTranslations } from "next-intl";
import { useErrorText, usePoolLabel } from "../i18n/words";
import Link from "next/link";
import { useEffect, useState } from "react";
import { PLAYERS_API, type Leaderboard } from "@/lib/shared/players";
import type { ApiAnswer } from "@/lib/shared/identity";
import { PlayerLink, ratingText } from "../PlayerLink";

export function LeaderboardView({ pool }: { pool: string | null }) {
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const t = useTranslations("leaderboard");
  const errorText = useErrorText();
  const poolLabel = usePoolLabel();
  useEffect(() => {
    let alive = true;
    setBoard(null);
    void fetch(pool ? PLAYERS_API.leaderboard(pool) : "/api/leaderboard", { cache: "no-store" })
      .then((r) => r.json() as Promise<ApiAnswer<{ leaderboard: Leaderboard }>>)
      .then(
        (a) => {
          if (!alive) return;
          if (a.ok) setBoard(a.leaderboard);
          else setError(errorText(a.error));
        },
        () => alive && setError(t("noAnswer")),
      );
    return () => {
      alive = false;
    };
  }, [pool, errorText, t]);
  if (error) return <p className="text-danger">{error}</p>;
  if (!board) return <p className="py-12 text-center text-muted">{t("loading")}</p>;
  const pools = board.pools.includes(board.pool) ? board.pools : [board.pool, ...board.pools];
  return (
    <div data-testid="leaderboard" data-pool={board.pool}>
      <div role="tablist" aria-label={t("pool")} className="mb-4 flex flex-wrap gap-1">
        {pools.map((p) => (
          <Link
            key={p}
            href={`/leaderboard?pool=${encodeURIComponent(p)}`}
            role="tab"
            aria-selected={p === board.pool}
            className={`rounded-md px-3 py-1.5 text-sm font-semibold ${p === board.pool ? "bg-ink text-white" : "text-muted hover:bg-page"}`}
          >
            {poolLabel(p)}
          </Link>
        ))}
      </div>
      {board.players.length === 0 ? (
        <p className="text-muted">{t("nobody", { pool: poolLabel(board.pool) })}</p>
      ) : (
        <table className="card w-full text-sm">
          <thead>
            <tr className="text-left text-muted">
              <th className="px-4 py-2">#</th>
              <th className="px-4 py-2">{t("player")}</th>
              <th className="px-4 py-2 text-right">{t("rating")}</th>
              <th className="px-4 py-2 text-right">{t("games")}</th>
            </tr>
          </thead>
          <tbody>
            {board.players.map((p, i) => (
              <tr key={p.name} className="border-t border-line" data-testid="leaderboard-row">
                <td className="px-4 py-2 tabular-nums">{i + 1}</td>
                <td className="px-4 py-2 font-semibold">
                  <PlayerLink name={p.name} />
                </td>
                <td className="px-4 py-2 text-right tabular-nums" title={t("deviation", { rd: p.rd })}>
                  {ratingText(p.rating, p.provisional)}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{p.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
