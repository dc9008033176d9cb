"use client";
// The replay's header: the kind, size, rule and date, both players (the winner marked), the result.
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReplayGame } from "@/lib/shared/replay/game";
import { PlayerLink } from "../PlayerLink";
import { useDates, useListedName, useRuleWords } from "../i18n/words";

/** The board label of a finished game: "Black wins · five in a row" / "黑棋胜 · 连五". */
function useResultLine(): (g: ReplayGame) => string {
  const t = useTranslations("replay.result");
  return (g) => {
    if (g.status === "playing") return t("playing");
    if (g.status === "waiting") return t("waiting");
    if (g.reason === "abort") return t("aborted");
    if (!g.result) return g.status === "imported" || g.kind === "imported" ? t("unfinished") : "—";
    if (g.result === "draw") return g.reason === "agreement" ? t("drawAgreement") : t("drawFull");
    const loser = g.result === "black" ? "white" : "black";
    const why =
      g.reason === "five"
        ? g.rule === "exact5" || (g.rule === "renju" && g.result === "black")
          ? "exactFive"
          : "five"
        : g.reason === "resign" || g.reason === "timeout" || g.reason === "abandon"
          ? g.reason
          : "none";
    return t("wins", { color: g.result, why, loser });
  };
}

export function GameHeader({ game }: { game: ReplayGame }) {
  const t = useTranslations("replay");
  const rules = useRuleWords();
  const dates = useDates();
  const resultLine = useResultLine();
  const kind = t(`kind.${game.kind}`);
  return (
    <section className="card p-4" data-testid="replay-header">
      <div className="mb-2 flex items-center justify-between gap-2 text-xs font-semibold tracking-wide text-muted uppercase">
        <span>
          {kind} · {game.size}×{game.size} · {rules.text(game.rule)}
          {game.opening.length > 0 && ` · ${t("opening")}`}
          {game.swap2 && ` · ${t("swap2")}`}
        </span>
        {game.createdAt && <time dateTime={game.createdAt}>{dates.date(game.createdAt)}</time>}
      </div>
      <div className="space-y-1">
        <PlayerLine c={1} name={game.black} player={game.players?.[1] ?? null} won={game.result === "black"} />
        <PlayerLine c={2} name={game.white} player={game.players?.[2] ?? null} won={game.result === "white"} />
      </div>
      <div className="mt-3 flex items-center justify-between gap-2">
        <span className="font-semibold" data-testid="replay-result" data-result={game.result ?? ""}>
          {resultLine(game)}
        </span>
        {game.id && game.status !== "finished" && (
          <Link href={`/game/${game.id}?watch=1`} className="btn-ghost px-3 py-1 text-xs">
            ● {t("live")}
          </Link>
        )}
      </div>
    </section>
  );
}

function PlayerLine({ c, name, player, won }: { c: 1 | 2; name: string; player: string | null; won: boolean }) {
  const t = useTranslations("replay");
  const listed = useListedName();
  return (
    <div className="flex items-center gap-2.5">
      <span
        className={`size-4 shrink-0 rounded-full shadow ${c === 1 ? "bg-gradient-to-br from-neutral-600 to-black" : "border border-neutral-300 bg-gradient-to-br from-white to-neutral-200"}`}
      />
      <span className="truncate font-medium">
        {player ? <PlayerLink name={player} testId={`replay-player-${c === 1 ? "black" : "white"}`} /> : listed(name)}
      </span>
      {won && <span className="rounded bg-accent/15 px-1.5 text-xs font-bold text-accent-dark">{t("winner")}</span>}
    </div>
  );
}
