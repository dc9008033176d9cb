import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { Archive } from "@/app/_components/replay/Archive";
import { MAX_LIST_PAGE, type GameKind } from "@/lib/shared/protocol";
import { readArchiveFilters } from "@/lib/shared/archive-filters";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("common.titles"))("games") };
}

const KINDS = new Set(["hva", "hvh", "ava", "imported"]);

export default async function Games({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const kind = typeof sp.kind === "string" && KINDS.has(sp.kind) ? (sp.kind as GameKind) : null;
  // ?by=<name>: the games that player imported (their page links here).
  const by = typeof sp.by === "string" && sp.by.trim() !== "" && sp.by.length <= 40 ? sp.by.trim() : null;
  // Past the last page the archive says so; past the furthest page the server serves, that one.
  const page = typeof sp.page === "string" && /^\d{1,9}$/.test(sp.page) ? Math.min(MAX_LIST_PAGE, Math.max(1, Number(sp.page))) : 1;
  const t = await getTranslations("games");
  // The filters, checked as the server checks them: a value out of range is said, not sent.
  const read = readArchiveFilters(sp);
  const tf = await getTranslations("records.filters");
  return (
    <div className="mx-auto max-w-5xl">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="mb-1 text-2xl font-bold">{t("title")}</h1>
          <p className="text-muted">{t("intro")}</p>
        </div>
        <Link href="/import" className="btn-ghost" data-testid="import-link">
          ⬆ {t("import")}
        </Link>
      </div>
      {read.ok ? (
        <Archive key={`${kind}-${page}-${by}-${JSON.stringify(read.filters)}`} kind={kind} page={page} by={by} filters={read.filters} />
      ) : (
        <div className="card p-6" role="alert" data-testid="filter-refused">
          <p className="mb-3 text-danger">{tf("bad", { field: read.field, value: read.value })}</p>
          <Link href="/games" className="btn-primary">
            {tf("clear")}
          </Link>
        </div>
      )}
    </div>
  );
}
