"use client";
// The leaderboard of one rating pool: established ratings only, highest first, of the players
// lib/server/ratings/eligibility lists (its rules are said above the table). Data: GET
// /api/leaderboard?pool= (lib/server/ratings/http).
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
      <p className="mb-3 text-sm text-muted" data-testid="leaderboard-rules">
        {t("rules", { minOpponents: board.rules.minOpponents, activeDays: board.rules.activeDays })}
      </p>
      {board.players.length === 0 ? (
        <p className="text-muted">{t("nobody", { pool: poolLabel(board.pool) })}</p>
      ) : (
        // Fixed columns: a long name is cut with an ellipsis (the whole name in its title) rather
        // than pushing the table past a phone's width.
        <table className="card w-full table-fixed text-sm">
          <thead>
            <tr className="text-left text-muted">
              <th className="w-10 px-2 py-2 sm:w-14 sm:px-4">#</th>
              <th className="px-2 py-2 sm:px-4">{t("player")}</th>
              <th className="w-20 px-2 py-2 text-right sm:w-24 sm:px-4">{t("rating")}</th>
              <th className="w-16 px-2 py-2 text-right sm:w-20 sm:px-4">{t("games")}</th>
            </tr>
          </thead>
          <tbody>
            {board.players.map((p, i) => (
              <tr key={p.name} className="border-t border-line" data-testid="leaderboard-row">
                <td className="px-2 py-2 tabular-nums sm:px-4">{i + 1}</td>
                <td className="truncate px-2 py-2 font-semibold sm:px-4" title={p.name}>
                  <PlayerLink name={p.name} />
                </td>
                <td className="px-2 py-2 text-right tabular-nums sm:px-4" title={t("deviation", { rd: p.rd })}>
                  {ratingText(p.rating, p.provisional)}
                </td>
                <td className="px-2 py-2 text-right tabular-nums sm:px-4">{p.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
