"use client";
// The games a player imported (/import), on their page: imported games are kept out of the archive's
// default view (anyone may import many, with any names), so here and under the archive's "Imported"
// filter is where they are found. Data: the archive's list (EV.list with `by`). Shows nothing when none.
import Link from "next/link";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { EV, type GameSummary } from "@/lib/shared/protocol";
import { request } from "@/lib/client/socket";
import { useListedName, useRuleWords } from "../i18n/words";

/** Rows shown here; the whole list is the archive's (/games?by=<name>). */
const SHOWN = 5;

export function ImportedGames({ name }: { name: string }) {
  const [page, setPage] = useState<{ games: GameSummary[]; pages: number } | null>(null);
  const t = useTranslations("player");
  const rules = useRuleWords();
  const listed = useListedName();

  useEffect(() => {
    let alive = true;
    void request(EV.list, { status: "finished", by: name }).then((ack) => {
      if (alive && ack.ok) setPage({ games: ack.games, pages: ack.pages });
    });
    return () => {
      alive = false;
    };
  }, [name]);

  if (!page || page.games.length === 0) return null;
  return (
    <div className="card p-4" data-testid="imported-games">
      <h2 className="mb-2 font-semibold">{t("imported")}</h2>
      <ul className="divide-y divide-line">
        {page.games.slice(0, SHOWN).map((g) => (
          <li key={g.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm" data-testid="imported-game" data-game-id={g.id}>
            <span className="min-w-0 flex-1 truncate">
              ● {listed(g.black)} {t("vs")} ○ {listed(g.white)} · {g.size}×{g.size} {rules.text(g.rule)} · {g.plies}
            </span>
            <Link href={`/replay/${g.id}`} className="text-accent-dark underline">
              {t("replay")}
            </Link>
          </li>
        ))}
      </ul>
      {(page.games.length > SHOWN || page.pages > 1) && (
        <Link href={`/games?by=${encodeURIComponent(name)}`} className="mt-2 inline-block text-sm text-accent-dark underline" data-testid="imported-all">
          {t("importedAll")}
        </Link>
      )}
    </div>
  );
}
