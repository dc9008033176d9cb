"use client";
// One report on the operator's page, with its actions: mute the reported player site-wide for a
// time (or lift it), close the report.
import Link from "next/link";
import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { useErrorText, useDates } from "../i18n/words";
import type { ReportRow, useModApi } from "./useModApi";

const DURATIONS = [10, 60, 24 * 60, 7 * 24 * 60];

export function ReportCard({ report: r, api, changed }: { report: ReportRow; api: ReturnType<typeof useModApi>; changed: () => void }) {
  const t = useTranslations("mod");
  const errorText = useErrorText();
  const { dateTime } = useDates();
  const [minutes, setMinutes] = useState(60);
  const [said, setSaid] = useState<string | null>(null);
  const id = useId();

  async function act(run: () => Promise<{ ok: true } | { ok: false; error: Parameters<typeof errorText>[0] }>, done: string) {
    const a = await run();
    setSaid(a.ok ? done : errorText(a.error));
    if (a.ok) changed();
  }

  return (
    <li className="card flex flex-col gap-2 p-3 text-sm" data-testid="mod-report" data-target={r.target}>
      <p>
        {t("line", { reporter: r.reporter, target: r.target, reason: t(`reasons.${r.reason}`), at: dateTime(r.at) })}{" "}
        <Link href={r.place === "tournament" ? `/tournament/${r.gameId}` : `/replay/${r.gameId}`} className="underline">
          {r.place === "tournament" ? t("tournament") : t("game")}
        </Link>
      </p>
      {r.note && <p className="break-words">{t("note", { note: r.note })}</p>}
      <div>
        <h2 className="font-semibold">{t("messages", { name: r.target })}</h2>
        {r.messages.length === 0 ? (
          <p className="text-muted">{t("noMessages")}</p>
        ) : (
          <ol className="list-inside list-decimal">
            {r.messages.map((m, i) => (
              <li key={i} className="break-words">
                {m.text}
              </li>
            ))}
          </ol>
        )}
      </div>
      {r.mutedUntil && <p data-testid="mod-muted">{t("mutedUntil", { until: dateTime(r.mutedUntil) })}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-for`}>{t("muteFor")}</label>
        <select id={`${id}-for`} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))} className="rounded border border-line px-1 py-0.5">
          {DURATIONS.map((d) => (
            <option key={d} value={d}>
              {t("minutes", { n: d })}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn-danger px-2 py-1"
          data-testid="mod-mute"
          onClick={() => void act(() => api.mute(r.target, minutes), t("mutedDone", { name: r.target }))}
        >
          {t("mute", { name: r.target })}
        </button>
        {r.mutedUntil && (
          <button type="button" className="btn-ghost px-2 py-1" onClick={() => void act(() => api.unmute(r.target), t("unmutedDone", { name: r.target }))}>
            {t("unmute", { name: r.target })}
          </button>
        )}
        {r.status === "open" && (
          <button type="button" className="btn-ghost px-2 py-1" onClick={() => void act(() => api.close(r.id), t("closedDone"))}>
            {t("close")}
          </button>
        )}
      </div>
      {said && (
        <p role="status" className="text-muted">
          {said}
        </p>
      )}
    </li>
  );
}
