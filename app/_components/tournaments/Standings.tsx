"use client";
// The standings table of one event: arena (points, fire, performance) or Swiss (points in halves,
// Buchholz and Sonneborn–Berger). A table with headers; the viewer's row marked. The fixed columns are as wide
// as their headers ("Performance", "Buchholz", "布赫霍尔茨分": narrower, they ran past the table's edge).
import { useTranslations } from "next-intl";
import type { StandingRow, TournamentKind } from "@/lib/shared/tournaments";
import { PlayerLink } from "../PlayerLink";

/** Swiss keeps half points ×2 (and S-B ×4) as integers: shown as points. */
const half = (n: number) => (n / 2).toString();

export function Standings({ kind, rows, meId }: { kind: TournamentKind; rows: StandingRow[]; meId: string | null }) {
  const t = useTranslations("tournaments.event");
  if (!rows.length) return <p className="text-muted">{t("noPlayers")}</p>;
  const cell = "px-2 py-1.5 sm:px-3";
  return (
    <table className="card w-full table-fixed text-sm" data-testid="standings">
      <caption className="sr-only">{t("standings")}</caption>
      <thead>
        <tr className="text-left text-muted">
          <th scope="col" className={`w-10 ${cell}`}>
            {t("rank")}
          </th>
          <th scope="col" className={cell}>
            {t("player")}
          </th>
          <th scope="col" className={`w-16 text-right ${cell}`}>
            {t("score")}
          </th>
          <th scope="col" className={`hidden w-16 text-right sm:table-cell ${cell}`}>
            {t("games")}
          </th>
          {kind === "arena" ? (
            <th scope="col" className={`hidden w-32 text-right sm:table-cell ${cell}`}>
              {t("perf")}
            </th>
          ) : (
            <>
              <th scope="col" className={`w-24 text-right ${cell}`}>
                {t("buchholz")}
              </th>
              <th scope="col" className={`hidden w-16 text-right sm:table-cell ${cell}`}>
                {t("sonneborn")}
              </th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.playerId} className={`border-t border-line ${r.playerId === meId ? "bg-wood/20" : ""}`} data-testid="standing-row">
            <td className={`tabular-nums ${cell}`}>{r.rank}</td>
            <td className={`truncate font-semibold ${cell}`} title={r.name}>
              <PlayerLink name={r.name} /> <span className="font-normal text-muted tabular-nums">{r.rating}</span>
            </td>
            <td className={`text-right tabular-nums ${cell}`} data-testid="standing-score">
              {kind === "arena" ? r.score : half(r.score)}
              {r.fire && (
                <span role="img" aria-label={t("onFire")} title={t("onFire")} className="ml-1">
                  🔥
                </span>
              )}
            </td>
            <td className={`hidden text-right tabular-nums sm:table-cell ${cell}`}>{r.games}</td>
            {kind === "arena" ? (
              <td className={`hidden text-right tabular-nums sm:table-cell ${cell}`}>{r.games ? r.perf : "–"}</td>
            ) : (
              <>
                <td className={`text-right tabular-nums ${cell}`}>{half(r.buchholz)}</td>
                <td className={`hidden text-right tabular-nums sm:table-cell ${cell}`}>{(r.sonneborn / 4).toString()}</td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
