"use client";
// An imported game's replay: the whole game is in the address (see lib/shared/replay/game toImportQuery),
// so nothing is stored and the link can be shared.
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import { fromImportQuery } from "@/lib/shared/replay/game";
import { shownImportError, useImportErrorText } from "./import-errors";
import { ReplayView } from "./ReplayView";

export function ImportReplay({ query, initialPly }: { query: string; initialPly: number | null }) {
  const t = useTranslations("import");
  const importErrorText = useImportErrorText();
  const parsed = useMemo(() => {
    try {
      return { game: fromImportQuery(new URLSearchParams(query)), error: null };
    } catch (e) {
      return { game: null, error: shownImportError(e) };
    }
  }, [query]);
  if (!parsed.game)
    return (
      <div className="card mx-auto max-w-md p-6 text-center" data-testid="load-error">
        <h1 className="mb-2 text-xl font-bold">{t("noGameInLink")}</h1>
        <p className="mb-4 text-muted">{parsed.error && importErrorText(parsed.error)}</p>
        <Link href="/import" className="btn-primary">
          {t("title")}
        </Link>
      </div>
    );
  return <ReplayView game={parsed.game} initialPly={initialPly} />;
}
