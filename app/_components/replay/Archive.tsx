"use client";
// The archive: finished games, newest first, filtered by kind and by player, result, rule, board and
// days (./ArchiveFilters, in the address), a page at a time; each row opens the replay.
// Imported games only under "Imported" or their importer's name (`by`): never in the default view,
// where anyone's thousand imports could bury the games played here (the server leaves them out).
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { GameKind } from "@/lib/shared/protocol";
import { PlayerLink } from "../PlayerLink";
import { useErrorText } from "../i18n/words";
import { ArchiveTable, KindTabs, Pager, archiveHref, useArchivePage } from "./ArchiveParts";
import { ArchiveFilters } from "./ArchiveFilters";
import type { ArchiveFilters as Filters } from "@/lib/shared/archive-filters";

export function Archive({ kind, page, by = null, filters = {} }: { kind: GameKind | null; page: number; by?: string | null; filters?: Filters }) {
  const { data, error } = useArchivePage(kind, page, by, filters);
  const filtered = Object.keys(filters).length > 0;
  const t = useTranslations("games");
  const tf = useTranslations("records.filters");
  const errorText = useErrorText();

  return (
    <div data-testid="archive">
      <KindTabs kind={kind} by={by} filters={filters} />
      <ArchiveFilters kind={kind} filters={filters} />
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
            <Link className="text-accent-dark underline" href={archiveHref(kind, 1, by, filters)} data-testid="archive-first-page">
              {t("firstPage")}
            </Link>
          </p>
        ) : data.games.length === 0 ? (
          <p className="p-8 text-center text-muted" data-testid="archive-empty">
            {filtered ? tf("noneFor") : by ? t("emptyBy", { name: by }) : kind ? t("emptyKind") : t("empty")}
          </p>
        ) : (
          <ArchiveTable games={data.games} />
        )}
      </div>

      {data && data.pages > 1 && <Pager kind={kind} page={page} pages={data.pages} shownPage={data.page} by={by} filters={filters} />}
    </div>
  );
}
