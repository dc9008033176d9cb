"use client";
// The archive's filters (issue 27): a plain GET form to /games, so every filter lives in the address
// (shareable, back/forward work) and is read on the page by lib/shared/archive-filters; "My games"
// is the filter by your own name; the two download links give your games as SGF or ZIP
// (lib/server/imports/my-games).
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMe } from "@/lib/client/identity";
import type { GameKind } from "@/lib/shared/protocol";
import type { ArchiveFilters as Filters } from "@/lib/shared/archive-filters";
import { useRuleWords } from "../i18n/words";
import { archiveHref } from "./ArchiveParts";

const SIZES = [11, 15, 19, 20];
const RULES = ["freestyle", "exact5", "renju"] as const;
const RESULTS = ["black", "white", "draw", "unknown"] as const;

export function ArchiveFilters({ kind, filters }: { kind: GameKind | null; filters: Filters }) {
  const t = useTranslations("records.filters");
  const tr = useTranslations("records");
  const rules = useRuleWords();
  const me = useMe();
  const mine = !!me && filters.player?.toLowerCase() === me.name.toLowerCase();
  const any = Object.keys(filters).length > 0;
  return (
    <div className="mb-4 flex flex-col gap-2" data-testid="archive-filters">
      <form method="get" action="/games" className="flex flex-wrap items-end gap-2 text-xs" aria-label={t("label")}>
        {kind && <input type="hidden" name="kind" value={kind} />}
        <label className="flex flex-col">
          <span className="field-label">{t("player")}</span>
          <input name="player" defaultValue={filters.player ?? ""} maxLength={40} className="select w-36" data-testid="filter-player" />
        </label>
        <label className="flex flex-col">
          <span className="field-label">{t("result")}</span>
          <select name="result" defaultValue={filters.result ?? ""} className="select" data-testid="filter-result">
            <option value="">{t("any")}</option>
            {RESULTS.map((r) => (
              <option key={r} value={r}>
                {t(`results.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          <span className="field-label">{t("rule")}</span>
          <select name="rule" defaultValue={filters.rule ?? ""} className="select" data-testid="filter-rule">
            <option value="">{t("any")}</option>
            {RULES.map((r) => (
              <option key={r} value={r}>
                {rules.text(r)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          <span className="field-label">{t("size")}</span>
          <select name="size" defaultValue={filters.size ? String(filters.size) : ""} className="select" data-testid="filter-size">
            <option value="">{t("any")}</option>
            {SIZES.map((s) => (
              <option key={s} value={s}>
                {s}×{s}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          <span className="field-label">{t("from")}</span>
          <input type="date" name="from" defaultValue={filters.from ?? ""} min="2000-01-01" max="2100-12-31" className="select" data-testid="filter-from" />
        </label>
        <label className="flex flex-col">
          <span className="field-label">{t("to")}</span>
          <input type="date" name="to" defaultValue={filters.to ?? ""} min="2000-01-01" max="2100-12-31" className="select" data-testid="filter-to" />
        </label>
        <button type="submit" className="btn-primary" data-testid="filter-apply">
          {t("apply")}
        </button>
        {any && (
          <Link href={archiveHref(kind, 1)} className="btn-ghost" data-testid="filter-clear">
            {t("clear")}
          </Link>
        )}
      </form>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {me && (
          <Link
            href={archiveHref(kind, 1, null, { player: me.name })}
            aria-current={mine ? "page" : undefined}
            className={mine ? "font-bold text-accent-dark" : "text-accent-dark underline"}
            data-testid="filter-mine"
          >
            {tr("myGames")}
          </Link>
        )}
        <span className="text-muted">
          {tr("download")}:{" "}
          <a href="/api/my-games.sgf" className="text-accent-dark underline" data-testid="download-sgf" download>
            {tr("downloadSgf")}
          </a>{" "}
          ·{" "}
          <a href="/api/my-games.zip" className="text-accent-dark underline" data-testid="download-zip" download>
            {tr("downloadZip")}
          </a>
        </span>
      </p>
    </div>
  );
}
