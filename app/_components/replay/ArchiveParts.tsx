"use client";
// The archive's parts (./Archive): its address for a tab and a page, the page of games from the
// server, the kind tabs, the table of games and the pager.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { EV, type ErrorInfo, type GameKind, type GameSummary } from "@/lib/shared/protocol";
import { request } from "@/lib/client/socket";
import { filterQuery, type ArchiveFilters } from "@/lib/shared/archive-filters";
import { PlayerLink } from "../PlayerLink";
import { useDates, useListedName, useRuleWords } from "../i18n/words";

const KINDS: Array<GameKind | "all"> = ["all", "hva", "hvh", "ava", "imported"];

export interface ArchivePage {
  games: GameSummary[];
  page: number;
  pages: number;
}

/** The archive's address: a kind's tab (all: none), a page, one importer's games, and the filters (lib/shared/archive-filters). */
export function archiveHref(k: GameKind | "all" | null, p: number, importer: string | null = null, filters: ArchiveFilters = {}): string {
  const q = new URLSearchParams(filterQuery(filters));
  if (importer) q.set("by", importer);
  if (k && k !== "all") q.set("kind", k);
  if (p > 1) q.set("page", String(p));
  const s = q.toString();
  return `/games${s ? `?${s}` : ""}`;
}

/** A page of finished games from the server (null while it loads), or its refusal. */
export function useArchivePage(
  kind: GameKind | null,
  page: number,
  by: string | null,
  filters: ArchiveFilters = {},
): { data: ArchivePage | null; error: ErrorInfo | null } {
  const filterKey = JSON.stringify(filters);
  const [data, setData] = useState<ArchivePage | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  useEffect(() => {
    let alive = true;
    setData(null);
    void request(EV.list, { status: "finished", page, ...(kind ? { kind } : {}), ...(by ? { by } : {}), ...(JSON.parse(filterKey) as ArchiveFilters) }).then(
      (ack) => {
        if (!alive) return;
        if (ack.ok) {
          setData({ games: ack.games, page: ack.page, pages: ack.pages });
          setError(null);
        } else setError(ack.error);
      },
    );
    return () => {
      alive = false;
    };
  }, [kind, page, by, filterKey]);
  return { data, error };
}

function useResultText(): (g: GameSummary) => string {
  const t = useTranslations("games.result");
  return (g) => {
    if (g.reason === "abort") return t("aborted");
    if (g.result === "draw") return t("draw");
    if (!g.result) return g.kind === "imported" ? t("unknown") : "—";
    const why = g.reason === "five" || g.reason === "resign" || g.reason === "timeout" || g.reason === "abandon" ? g.reason : "none";
    return t("wins", { color: g.result, why });
  };
}

/** One tab per kind; a tab drops `by` (one importer's games are under "Imported") and keeps the filters. */
export function KindTabs({ kind, by, filters = {} }: { kind: GameKind | null; by: string | null; filters?: ArchiveFilters }) {
  const t = useTranslations("games");
  return (
    <div role="tablist" aria-label={t("kindLabel")} className="mb-4 flex flex-wrap gap-1 rounded-lg border border-line bg-white p-0.5 sm:inline-flex">
      {KINDS.map((k) => {
        const on = (kind ?? (by ? "imported" : "all")) === k;
        return (
          <Link
            key={k}
            role="tab"
            aria-selected={on}
            href={archiveHref(k, 1, null, filters)}
            className={`rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${on ? "bg-accent text-white shadow-sm" : "text-ink hover:bg-page"}`}
            data-testid={`filter-${k}`}
          >
            {t(`kinds.${k}`)}
          </Link>
        );
      })}
    </div>
  );
}

/** The games, a row each (a click opens the replay). */
export function ArchiveTable({ games }: { games: GameSummary[] }) {
  const t = useTranslations("games");
  const tA11y = useTranslations("a11y.table");
  return (
    // Fixed columns: on a phone the players take what the result-and-replay columns leave, a long
    // name is cut, and the result, board and rule go on a second line (nothing hides past the edge).
    <table className="w-full table-fixed text-sm" data-testid="archive-table">
      <thead className="border-b border-line bg-page/60 text-left text-xs tracking-wide text-muted uppercase">
        <tr>
          <th className="px-3 py-2 font-semibold sm:px-4">{t("players")}</th>
          <th className="hidden w-40 px-2 py-2 font-semibold sm:table-cell">{t("board")}</th>
          <th className="hidden w-48 px-2 py-2 font-semibold sm:table-cell">{t("resultHead")}</th>
          <th className="hidden w-16 px-2 py-2 text-right font-semibold sm:table-cell">{t("moves")}</th>
          <th className="hidden w-40 px-2 py-2 font-semibold md:table-cell">{t("date")}</th>
          <th className="w-24 px-3 py-2 sm:w-28 sm:px-4">
            <span className="sr-only">{tA11y("replayColumn")}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {games.map((g) => (
          <ArchiveRow key={g.id} g={g} />
        ))}
      </tbody>
    </table>
  );
}

function ArchiveRow({ g }: { g: GameSummary }) {
  const router = useRouter();
  const t = useTranslations("games");
  const rules = useRuleWords();
  const listed = useListedName();
  const resultText = useResultText();
  const dates = useDates();
  const fmtDate = (iso: string | null) => (iso ? dates.dateTime(iso) : "");
  // An imported game's date is when it was played (an SGF's DT: lib/server/games/imported), not the import.
  const when = g.kind === "imported" ? g.createdAt : g.finishedAt;
  return (
    <tr className="cursor-pointer hover:bg-wood/15" onClick={() => router.push(`/replay/${g.id}`)} data-testid={`archive-row-${g.id}`}>
      <td className="px-3 py-2.5 sm:px-4">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 font-medium">
          <span className={`max-w-full truncate ${g.result === "black" ? "font-bold" : ""}`}>
            <span role="img" aria-label={t("black")}>
              ●
            </span>{" "}
            {g.blackName ? <PlayerLink name={g.blackName} /> : listed(g.black)}
          </span>
          <span className="text-muted">{t("vs")}</span>
          <span className={`max-w-full truncate ${g.result === "white" ? "font-bold" : ""}`}>
            <span role="img" aria-label={t("white")}>
              ○
            </span>{" "}
            {g.whiteName ? <PlayerLink name={g.whiteName} /> : listed(g.white)}
          </span>
          {g.kind === "imported" && (
            <span className="rounded bg-accent/15 px-1.5 text-[10px] font-bold tracking-wide text-accent-dark uppercase" data-testid="imported-badge">
              {t("imported")}
            </span>
          )}
          {g.tv && <span className="rounded bg-wood/50 px-1.5 text-[10px] font-bold tracking-wide text-ink/80 uppercase">TV</span>}
        </div>
        <div className="text-xs text-muted sm:hidden" data-testid="archive-details">
          <span className="font-medium text-ink">{resultText(g)}</span> · {g.size}×{g.size} · {rules.text(g.rule)} · {t("plies", { n: g.plies })} ·{" "}
          {fmtDate(when)}
        </div>
      </td>
      <td className="hidden px-2 py-2.5 text-muted sm:table-cell">
        {g.size}×{g.size} · {rules.text(g.rule)}
      </td>
      <td className="hidden px-2 py-2.5 sm:table-cell">{resultText(g)}</td>
      <td className="hidden px-2 py-2.5 text-right tabular-nums sm:table-cell">{g.plies}</td>
      <td className="hidden px-2 py-2.5 whitespace-nowrap text-muted md:table-cell">{fmtDate(when)}</td>
      <td className="px-3 py-2.5 text-right sm:px-4">
        <Link href={`/replay/${g.id}`} className="btn-ghost px-3 py-1" onClick={(e) => e.stopPropagation()} data-testid={`replay-${g.id}`}>
          {t("replay")}
        </Link>
      </td>
    </tr>
  );
}

/** Newer and older pages (a page of one importer's games keeps `by`, and the filters stay). */
export function Pager({
  kind,
  page,
  pages,
  shownPage,
  by,
  filters = {},
}: {
  kind: GameKind | null;
  page: number;
  pages: number;
  shownPage: number;
  by: string | null;
  filters?: ArchiveFilters;
}) {
  const t = useTranslations("games");
  return (
    <nav className="mt-4 flex items-center justify-center gap-3 text-sm" aria-label={t("pages")}>
      {page > 1 ? (
        <Link className="btn-ghost" href={archiveHref(kind, page - 1, by, filters)} data-testid="page-prev">
          ← {t("newer")}
        </Link>
      ) : (
        // A disabled button (not a faded span): an inactive control, which contrast rules exempt and screen readers call unavailable.
        <button type="button" className="btn-ghost" disabled>
          ← {t("newer")}
        </button>
      )}
      <span className="tabular-nums text-muted">{t("page", { page: shownPage, pages })}</span>
      {page < pages ? (
        <Link className="btn-ghost" href={archiveHref(kind, page + 1, by, filters)} data-testid="page-next">
          {t("older")} →
        </Link>
      ) : (
        <button type="button" className="btn-ghost" disabled>
          {t("older")} →
        </button>
      )}
    </nav>
  );
}
