"use client";
// The replay's move list: one button a move (its label, the analysis's mark and its reason, the score
// shown with its win chance: lib/shared/analysis shownScores), the swap2 opening apart, the current move kept in sight.
import { useEffect, useMemo, useRef } from "react";
import { useTranslations } from "next-intl";
import { toLabel } from "@/lib/shared/notation";
import type { ReplayGame, ReplayMove } from "@/lib/shared/replay/game";
import { MARK_SYMBOL, plyOf, shownScores, type AnalysisView } from "@/lib/shared/analysis";
import { MARK_COLOR } from "./AnalysisPanel";
import { Swap2Opening, splitSwap2 } from "../Swap2Opening";
import { moveRows } from "../move-rows";
import { useScoreText } from "../i18n/words";
import { useMarkReason, useWinChance } from "../i18n/score-words";

export function ReplayMoveList({ game, ply, onPly, analysis }: { game: ReplayGame; ply: number; onPly: (p: number) => void; analysis: AnalysisView | null }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current?.querySelector<HTMLElement>(`[data-current="true"]`);
    const parent = box.current;
    if (el && parent) {
      // The current move's place inside the box's scroll (offsetTop is relative to the box already, as it is
      // `relative`; subtracting the box's own offset put a move far down the page above the top: no scroll).
      const top = el.getBoundingClientRect().top - parent.getBoundingClientRect().top + parent.scrollTop;
      if (top < parent.scrollTop || top > parent.scrollTop + parent.clientHeight - el.offsetHeight) parent.scrollTop = top - parent.clientHeight / 2;
    }
  }, [ply]);
  const t = useTranslations("replay");
  const formatScore = useScoreText();
  const markReason = useMarkReason();
  const chance = useWinChance();
  const shownAll = useMemo(() => shownScores(analysis, game.moves, game.reason === "five"), [analysis, game.moves, game.reason]);
  const { opening, rest } = splitSwap2(game.moves, game.swap2);
  const rows = moveRows(rest);
  const cell = (m: ReplayMove | null) => {
    if (!m) return <span className="px-2 py-1 text-muted">…</span>;
    const current = m.ply === ply;
    const j = plyOf(analysis, m.ply);
    const sym = j ? MARK_SYMBOL[j.mark] : "";
    const shown = game.moves[m.ply - 1] === m ? shownAll[m.ply - 1] : null;
    const color = m.color === 1 ? "black" : "white";
    return (
      <button
        type="button"
        onClick={() => onPly(m.ply)}
        data-testid={`rmove-${m.ply}`}
        data-current={current}
        className={`flex items-baseline justify-between gap-1 rounded px-2 py-1 text-left hover:bg-wood/30 ${current ? "bg-wood/60 font-bold" : ""}`}
        title={
          !shown
            ? undefined
            : [
                j
                  ? t("analysedScoreTitle", { score: formatScore(shown.score), color, rank: j.rank, total: j.candidates })
                  : t("moveScoreTitle", { score: formatScore(shown.score), color }),
                chance.title(shown.score),
                ...(j && sym ? [markReason(j)] : []),
              ].join(" · ")
        }
      >
        <span className="font-mono">
          {toLabel(m, game.size)}
          {sym && (
            <span className="ml-0.5 font-sans font-bold" style={{ color: MARK_COLOR[j!.mark] }} data-testid={`mark-${m.ply}`} title={markReason(j!)}>
              {sym}
            </span>
          )}
        </span>
        {shown && (
          <span className="flex items-baseline gap-1">
            <span
              className={`text-xs tabular-nums ${shown.score.kind === "win" || (shown.score.kind === "eval" && shown.score.value > 0) ? "text-accent-dark" : shown.score.kind === "loss" || (shown.score.kind === "eval" && shown.score.value < 0) ? "text-danger" : "text-muted"}`}
              data-testid={`rscore-${m.ply}`}
              data-from={shown.from}
            >
              {formatScore(shown.score)}
            </span>
            <span className="text-[0.7rem] font-normal text-muted tabular-nums" data-testid={`rchance-${m.ply}`}>
              {chance.short(shown.score)}
            </span>
          </span>
        )}
      </button>
    );
  };
  return (
    <div ref={box} className="relative max-h-64 overflow-y-auto overscroll-contain text-sm lg:max-h-none lg:min-h-0 lg:flex-1" data-testid="replay-moves">
      <button
        type="button"
        onClick={() => onPly(0)}
        data-current={ply === 0}
        className={`block w-full px-3 py-1 text-left text-xs text-muted hover:bg-wood/30 ${ply === 0 ? "bg-wood/60 font-bold text-ink" : ""}`}
      >
        {t("startPosition")}
      </button>
      {game.swap2 && <Swap2Opening swap2={game.swap2} opening={opening} cell={cell} />}
      {rows.length === 0 ? (
        game.swap2 ? null : (
          <p className="px-3 py-3 text-center text-muted">{t("noMoves")}</p>
        )
      ) : (
        <ol>
          {rows.map(({ n, black: b, white: w }, i) => (
            <li key={n} className={`grid grid-cols-[2.5rem_1fr_1fr] items-center gap-1 pr-2 ${i % 2 ? "bg-page/60" : ""}`}>
              <span className="py-1 pr-1 text-right text-xs text-muted tabular-nums" data-testid={`rrow-${n}`}>
                {n}.
              </span>
              {cell(b)}
              {cell(w)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
