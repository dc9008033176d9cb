"use client";
// An engine tournament's part of its page (issue 30 part 3): how far it is, the game on air (it is the
// TV's too), the crosstable (each cell: the row's wins–draws–losses against the column) with the
// points and the Elo estimates (Bradley–Terry, 95 % margins, the first configuration anchored), and
// the creator's way to stop it. A table with row and column headers, readable by a screen reader.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { EngineEventView } from "@/lib/shared/tournaments";
import { useEngineLabel, useErrorText } from "../i18n/words";
import { tourApi } from "./api";
import { configName } from "./config-name";

const pointsText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

export function EngineEvent({ id, view, onChange }: { id: string; view: EngineEventView; onChange: () => void }) {
  const t = useTranslations("tournaments.engines");
  const errorText = useErrorText();
  const worded = useEngineLabel();
  const [error, setError] = useState<string | null>(null);
  const stop = async () => {
    setError(null);
    const a = await tourApi(`/${id}/cancel`, {}).catch(() => null);
    if (a && !a.ok) setError(errorText(a.error));
    onChange();
  };
  const cell = "px-2 py-1.5";
  const short = (i: number) => view.entries[i].name.split(".")[0];
  // In the reader's language (the rows keep the server's English default label).
  const nameOf = (e: EngineEventView["entries"][number]) => configName(e.name, e.engine, worded);
  const named = (name: string) => {
    const e = view.entries.find((x) => x.name === name);
    return e ? nameOf(e) : name;
  };
  return (
    <div className="space-y-4" data-testid="engine-event">
      <p data-testid="engine-progress">
        {t(view.format)} · {t("progress", { played: view.played, games: view.games })}
      </p>
      {view.current && (
        <section aria-labelledby="engine-on-air" className="card p-3">
          <h2 id="engine-on-air" className="font-semibold">
            {t("onAir", { number: view.current.number })}
          </h2>
          <Link href={`/game/${view.current.gameId}?watch=1`} className="text-accent underline" data-testid="engine-current">
            {t("watch", { black: named(view.current.black), white: named(view.current.white) })}
          </Link>{" "}
          ·{" "}
          <Link href="/tv" className="text-accent underline">
            {t("onTv")}
          </Link>
        </section>
      )}
      <section aria-labelledby="engine-crosstable">
        <h2 id="engine-crosstable" className="mb-2 text-lg font-semibold">
          {t("crosstable")}
        </h2>
        {/* It scrolls sideways on a phone: a region with a tab stop, so a keyboard can scroll it (axe: scrollable-region-focusable). */}
        <div
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-[var(--focus)]"
          role="region"
          tabIndex={0}
          aria-label={t("crosstable")}
          data-testid="crosstable-region"
        >
          <table className="card w-full text-sm" data-testid="crosstable">
            <caption className="sr-only">{t("caption")}</caption>
            <thead>
              <tr className="text-left text-muted">
                <th scope="col" className={cell}>
                  {t("config")}
                </th>
                {view.entries.map((e, j) => (
                  <th key={e.playerId} scope="col" className={`text-center tabular-nums ${cell}`} title={nameOf(e)}>
                    <span aria-hidden="true">{short(j)}</span>
                    <span className="sr-only">{t("against", { name: nameOf(e) })}</span>
                  </th>
                ))}
                <th scope="col" className={`text-right ${cell}`}>
                  {t("points")}
                </th>
                <th scope="col" className={`text-right ${cell}`}>
                  {t("elo")}
                </th>
              </tr>
            </thead>
            <tbody>
              {view.entries.map((e, i) => (
                <tr key={e.playerId} className="border-t border-line" data-testid="crosstable-row">
                  <th scope="row" className={`text-left font-semibold ${cell}`}>
                    {nameOf(e)}
                  </th>
                  {view.cells[i].map((c, j) => (
                    <td key={j} className={`text-center whitespace-nowrap tabular-nums ${cell}`}>
                      {c ? (c.wins + c.draws + c.losses ? `${c.wins}–${c.draws}–${c.losses}` : "·") : "—"}
                    </td>
                  ))}
                  <td className={`text-right tabular-nums ${cell}`} data-testid="crosstable-points">
                    {pointsText(e.points)} / {e.games}
                  </td>
                  <td className={`text-right tabular-nums ${cell}`} data-testid="crosstable-elo">
                    {e.elo === null ? "–" : e.playerId === view.anchor.playerId ? `${e.elo} (${t("anchor")})` : `${e.elo} ± ${e.margin}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-1 text-xs text-muted">{t("legend", { elo: view.anchor.elo })}</p>
      </section>
      {view.mayCancel && (
        <button type="button" className="btn btn-danger" onClick={() => void stop()} data-testid="engine-stop">
          {t("stop")}
        </button>
      )}
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
