"use client";
// /correspondence: my correspondence games where it is my move, the nearest deadline first.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCorrTurns } from "@/lib/client/useCorrTurns";
import { useDates, useRuleWords } from "../i18n/words";

export function CorrTurnsPage() {
  const t = useTranslations("people.corr");
  const dates = useDates();
  const rules = useRuleWords();
  const games = useCorrTurns();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4" data-testid="corr-page">
      <div>
        <h1 className="text-2xl font-bold">{t("heading")}</h1>
        <p className="text-sm text-muted">{t("intro")}</p>
      </div>
      <section className="card p-4">
        {games && games.length === 0 && <p className="text-sm text-muted">{t("none")}</p>}
        {games && games.length > 0 && (
          <ul className="divide-y divide-line" data-testid="corr-turns">
            {games.map((g) => (
              <li key={g.gameId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm" data-testid="corr-turn" data-game-id={g.gameId}>
                <span className="min-w-0 flex-1 truncate font-semibold">{t("vs", { name: g.opponent ?? "?" })}</span>
                <span className="text-muted">
                  {g.size}×{g.size} {rules.name(g.rule)} · {t("perMove", { n: g.days })}
                </span>
                <span>{t("moveBy", { date: dates.dateTime(g.deadline) })}</span>
                <Link href={`/game/${g.gameId}`} className="btn-primary">
                  {t("play")}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
