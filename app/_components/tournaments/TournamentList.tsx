"use client";
// The lists of /tournaments: upcoming, running, finished (GET /api/tournaments), refreshed every few seconds.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { TournamentSummary } from "@/lib/shared/tournaments";
import { calledOff } from "@/lib/shared/called-off";
import { useEventName } from "./eventName";
import { useDates, useErrorText } from "../i18n/words";
import { tourApi } from "./api";

type Lists = { upcoming: TournamentSummary[]; running: TournamentSummary[]; finished: TournamentSummary[] };
const REFRESH_MS = 5_000;

export function TournamentList() {
  const t = useTranslations("tournaments");
  const errorText = useErrorText();
  const [lists, setLists] = useState<Lists | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    const load = () =>
      tourApi<Lists>("").then(
        (a) => {
          if (!alive) return;
          if (a.ok) setLists(a);
          else setError(errorText(a.error));
        },
        () => alive && setError(t("noAnswer")),
      );
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [errorText, t]);
  if (error) return <p className="text-danger">{error}</p>;
  if (!lists) return <p className="py-8 text-center text-muted">{t("loading")}</p>;
  return (
    <div className="space-y-6" data-testid="tournament-lists">
      {(["running", "upcoming", "finished"] as const).map((k) => (
        <section key={k} aria-labelledby={`tour-${k}`}>
          <h2 id={`tour-${k}`} className="mb-2 text-lg font-semibold">
            {t(k)}
          </h2>
          {lists[k].length === 0 ? <p className="text-sm text-muted">{t("none")}</p> : <EventList events={lists[k]} />}
        </section>
      ))}
    </div>
  );
}

function EventList({ events }: { events: TournamentSummary[] }) {
  const t = useTranslations("tournaments");
  const nameOf = useEventName();
  const { dateTime } = useDates();
  return (
    <ul className="card divide-y divide-line">
      {events.map((e) => (
        <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2">
          <Link href={`/tournament/${e.id}`} className="font-semibold text-accent hover:underline" data-testid="tournament-link">
            {nameOf(e)}
          </Link>
          <span className="text-sm text-muted">
            {t(e.kind)} · {e.size}×{e.size} {t(`rules.${e.rule as "freestyle"}`)} ·{" "}
            {e.kind === "engine" ? t("configs", { count: e.players }) : `${e.clock} · ${t("players", { count: e.players })}`}
            {e.scheduled ? ` · ${t("scheduled")}` : ""}
            {" · "}
            {e.status === "created"
              ? t("startsAt", { when: dateTime(e.startsAt) })
              : calledOff(e)
                ? t("event.status.calledOff")
                : e.kind === "swiss"
                  ? t("roundOf", { round: e.round, rounds: e.rounds ?? 0 })
                  : e.endsAt
                    ? t("endsAt", { when: dateTime(e.endsAt) })
                    : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
