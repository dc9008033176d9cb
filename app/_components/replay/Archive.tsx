"use client";
// The archive: finished games, newest first, filtered by kind, a page at a time; each row opens the replay.
// Imported games only under "Imported" or their importer's name (`by`): never in the default view,
// where anyone's thousand imports could bury the games played here (the server leaves them out).
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { EV, type ErrorInfo, type GameKind, type GameSummary } from "@/lib/shared/protocol";
import { request } from "@/lib/client/socket";
import { PlayerLink } from "../PlayerLink";
import { useDates, useErrorText, useListedName, useRuleWords } from "../i18n/words";

const KINDS: Array<GameKind | "all"> = ["all", "hva", "hvh", "ava", "imported"];

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

export function Archive({ kind, page, by = null }: { kind: GameKind | null; page: number; by?: string | null }) {
  const router = useRouter();
  const [data, setData] = useState<{ games: GameSummary[]; page: number; pages: number } | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const t = useTranslations("games");
  const errorText = useErrorText();
  const rules = useRuleWords();
  const listed = useListedName();
  const resultText = useResultText();
  const dates = useDates();
  const fmtDate = (iso: string | null) => (iso ? dates.dateTime(iso) : "");

  useEffect(() => {
    let alive = true;
    setData(null);
    void request(EV.list, { status: "finished", page, ...(kind ? { kind } : {}), ...(by ? { by } : {}) }).then((ack) => {
      if (!alive) return;
      if (ack.ok) {
        setData({ games: ack.games, page: ack.page, pages: ack.pages });
        setError(null);
      } else setError(ack.error);
    });
    return () => {
      alive = false;
    };
  }, [kind, page, by]);

  // Pages of one importer's games keep `by`; a tab drops it.
  const href = (k: GameKind | "all" | null, p: number, importer: string | null = null) => {
    const q = new URLSearchParams();
    if (importer) q.set("by", importer);
    if (k && k !== "all") q.set("kind", k);
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return `/games${s ? `?${s}` : ""}`;
  };

  return (
    <div data-testid="archive">
      <div role="tablist" aria-label={t("kindLabel")} className="mb-4 flex flex-wrap gap-1 rounded-lg border border-line bg-white p-0.5 sm:inline-flex">
        {KINDS.map((k) => {
          const on = (kind ?? (by ? "imported" : "all")) === k;
          return (
            <Link
              key={k}
              role="tab"
              aria-selected={on}
              href={href(k, 1)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${on ? "bg-accent text-white shadow-sm" : "text-ink hover:bg-page"}`}
              data-testid={`filter-${k}`}
            >
              {t(`kinds.${k}`)}
            </Link>
          );
        })}
      </div>
      {by && (
        <p className="mb-3 text-sm text-muted" data-testid="archive-by">
          {t.rich("importedBy", { name: by, player: () => <PlayerLink name={by} /> })}
        </p>
      )}

      <div className="card overflow-hidden">
        {error ? (
          <p className="p-6 text-center text-danger">{errorText(error)}</p>
        ) : !data ? (
          <p className="p-6 text-center text-muted">{t("loading")}</p>
        ) : data.games.length === 0 && page > 1 ? (
          <p className="p-8 text-center text-muted" data-testid="archive-empty">
            {t("emptyPage", { page, pages: data.pages })}{" "}
            <Link className="text-accent-dark underline" href={href(kind, 1, by)} data-testid="archive-first-page">
              {t("firstPage")}
            </Link>
          </p>
        ) : data.games.length === 0 ? (
          <p className="p-8 text-center text-muted" data-testid="archive-empty">
            {by ? t("emptyBy", { name: by }) : kind ? t("emptyKind") : t("empty")}
          </p>
        ) : (
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
                <th className="w-24 px-3 py-2 sm:w-28 sm:px-4" />
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.games.map((g) => (
                <tr key={g.id} className="cursor-pointer hover:bg-wood/15" onClick={() => router.push(`/replay/${g.id}`)} data-testid={`archive-row-${g.id}`}>
                  <td className="px-3 py-2.5 sm:px-4">
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 font-medium">
                      <span aria-label={t("black")} className={`max-w-full truncate ${g.result === "black" ? "font-bold" : ""}`}>
                        ● {g.blackName ? <PlayerLink name={g.blackName} /> : listed(g.black)}
                      </span>
                      <span className="text-muted">{t("vs")}</span>
                      <span aria-label={t("white")} className={`max-w-full truncate ${g.result === "white" ? "font-bold" : ""}`}>
                        ○ {g.whiteName ? <PlayerLink name={g.whiteName} /> : listed(g.white)}
                      </span>
                      {g.kind === "imported" && (
                        <span className="rounded bg-accent/15 px-1.5 text-[10px] font-bold tracking-wide text-accent uppercase" data-testid="imported-badge">
                          {t("imported")}
                        </span>
                      )}
                      {g.tv && <span className="rounded bg-wood/50 px-1.5 text-[10px] font-bold tracking-wide text-ink/80 uppercase">TV</span>}
                    </div>
                    <div className="text-xs text-muted sm:hidden" data-testid="archive-details">
                      <span className="font-medium text-ink">{resultText(g)}</span> · {g.size}×{g.size} · {rules.text(g.rule)} · {t("plies", { n: g.plies })} ·{" "}
                      {fmtDate(g.finishedAt)}
                    </div>
                  </td>
                  <td className="hidden px-2 py-2.5 text-muted sm:table-cell">
                    {g.size}×{g.size} · {rules.text(g.rule)}
                  </td>
                  <td className="hidden px-2 py-2.5 sm:table-cell">{resultText(g)}</td>
                  <td className="hidden px-2 py-2.5 text-right tabular-nums sm:table-cell">{g.plies}</td>
                  <td className="hidden px-2 py-2.5 whitespace-nowrap text-muted md:table-cell">{fmtDate(g.finishedAt)}</td>
                  <td className="px-3 py-2.5 text-right sm:px-4">
                    <Link href={`/replay/${g.id}`} className="btn-ghost px-3 py-1" onClick={(e) => e.stopPropagation()} data-testid={`replay-${g.id}`}>
                      {t("replay")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      {data && data.pages > 1 && (
        <nav className="mt-4 flex items-center justify-center gap-3 text-sm" aria-label={t("pages")}>
          {page > 1 ? (
            <Link className="btn-ghost" href={href(kind, page - 1, by)} data-testid="page-prev">
              ← {t("newer")}
            </Link>
          ) : (
            <span className="btn-ghost opacity-40">← {t("newer")}</span>
          )}
          <span className="tabular-nums text-muted">{t("page", { page: data.page, pages: data.pages })}</span>
          {page < data.pages ? (
            <Link className="btn-ghost" href={href(kind, page + 1, by)} data-testid="page-next">
              {t("older")} →
            </Link>
          ) : (
            <span className="btn-ghost opacity-40">{t("older")} →</span>
          )}
        </nav>
      )}
    </div>
  );
}
