"use client";
// The move shown, explained: the game's own search (score, depth, line, the options scored, the
// heatmap's scale) and, with a server analysis, its verdict (mark, rank, the best move and line).
import { useTranslations } from "next-intl";
import { toLabel } from "@/lib/shared/notation";
import type { HeatCell, ReplayGame, ReplayMove } from "@/lib/shared/replay/game";
import type { PlyAnalysis } from "@/lib/shared/analysis";
import { heatColor } from "./HeatLayer";
import { MARK_COLOR } from "./AnalysisPanel";
import { useColorName, useNumbers, useScoreText } from "../i18n/words";
import { useMarkReason, useWinChance } from "../i18n/score-words";

export function MoveAnalysis({
  game,
  move,
  ply,
  heat,
  hover,
  judged,
}: {
  game: ReplayGame;
  move: ReplayMove | null;
  ply: number;
  heat: HeatCell[];
  hover: HeatCell | null;
  judged: PlyAnalysis | null;
}) {
  const t = useTranslations("replay.move");
  const colorName = useColorName();
  const formatScore = useScoreText();
  const chance = useWinChance();
  const { compact, int } = useNumbers();
  let body: React.ReactNode;
  if (!move) {
    body = <p className="text-sm text-muted">{t("startExplain", { opening: game.opening.length })}</p>;
  } else if (!move.score) {
    // An imported game's moves are its players' (engines of a Gomocup file, people…): never called "human".
    body = judged ? null : <p className="text-sm text-muted">{move.by === "human" && game.kind !== "imported" ? t("humanMove") : t("noAnalysis")}</p>;
  } else {
    const who = move.color === 1 ? "black" : "white";
    const best = heat.find((h) => h.best);
    const pv = (move.pv ?? []).map((p) => toLabel(p, game.size));
    body = (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t("score")}</dt>
        <dd>
          <span className="font-semibold tabular-nums" data-testid="analysis-score">
            {formatScore(move.score)}
          </span>{" "}
          <span className="text-xs tabular-nums" data-testid="analysis-chance">
            {chance.title(move.score)}
          </span>{" "}
          <span className="text-xs text-muted">{t("fromSide", { color: who })}</span>
        </dd>
        <dt className="text-muted">{t("search")}</dt>
        <dd className="tabular-nums">
          {t("depth", { depth: move.depth ?? "?" })}
          {move.nodes !== undefined && ` · ${t("nodes", { n: move.nodes, shown: move.nodes >= 1e3 ? compact(move.nodes) : int(move.nodes) })}`}
          {move.timeMs !== undefined && ` · ${t("seconds", { s: (move.timeMs / 1000).toFixed(1) })}`}
        </dd>
        {pv.length > 0 && (
          <>
            <dt className="text-muted">{t("line")}</dt>
            <dd className="font-mono text-xs leading-5" data-testid="analysis-pv">
              {pv.slice(0, 10).join(" ")}
            </dd>
          </>
        )}
        {heat.length > 0 && (
          <>
            <dt className="text-muted">{t("options")}</dt>
            <dd>
              {t("scored", { n: heat.length })}
              {best && !best.played ? ` · ${t("best", { move: toLabel(best, game.size), score: formatScore(best.score) })}` : ` · ${t("playedBest")}`}
            </dd>
          </>
        )}
      </dl>
    );
  }
  return (
    <section className="card p-4" data-testid="analysis" aria-labelledby="analysis-h">
      <h2 id="analysis-h" className="mb-2 flex items-baseline justify-between text-sm font-bold">
        <span>{move ? t("title", { ply, color: colorName(move.color), move: toLabel(move, game.size) }) : t("start")}</span>
        {move?.by && (
          <span className="text-xs font-normal text-muted" data-testid="move-by">
            {game.kind === "imported" ? (move.color === 1 ? game.black : game.white) : move.by === "engine" ? t("byEngine") : t("byHuman")}
          </span>
        )}
      </h2>
      {judged && <JudgedLine game={game} judged={judged} />}
      {judged && body ? (
        // The game's own search (shallower, under the clock) apart from the analysis's verdict above.
        <div data-testid="during-game">
          <h3 className="mb-1 text-xs font-semibold text-muted">{t("duringGame")}</h3>
          {body}
        </div>
      ) : (
        body
      )}
      {heat.length > 0 && (
        <div className="mt-3 flex items-center gap-2 text-xs text-muted">
          <span>{t("heatBest")}</span>
          <span className="h-2 flex-1 rounded-full" style={{ background: `linear-gradient(to right, ${heatColor(0)}, ${heatColor(0.5)}, ${heatColor(1)})` }} />
          <span>{t("heatWorst")}</span>
          <span className="min-w-24 text-right font-semibold text-ink tabular-nums" data-testid="heat-hover">
            {hover ? `${toLabel(hover, game.size)} ${hover.bound ? "≤ " : ""}${formatScore(hover.score)}` : t("hover")}
          </span>
        </div>
      )}
    </section>
  );
}

/** The server analysis of the move shown: its mark, its score and rank, and the best move with its line. */
function JudgedLine({ game, judged }: { game: ReplayGame; judged: PlyAnalysis }) {
  const line = judged.line.map((p) => toLabel(p, game.size));
  const t = useTranslations("replay.move");
  const formatScore = useScoreText();
  const markReason = useMarkReason();
  return (
    <div className="mb-2 space-y-1 border-b border-line pb-2 text-sm" data-testid="judged" data-mark={judged.mark}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-semibold" style={{ color: MARK_COLOR[judged.mark] }} data-testid="judged-mark">
          {markReason(judged)}
        </span>
        <span className="text-xs text-muted tabular-nums">
          {/* A loss that rounds to 0 % is not written as "−0 %". */}
          {t(judged.loss >= 0.5 ? "judged" : "judgedNoLoss", {
            score: formatScore(judged.after),
            rank: judged.rank,
            total: judged.candidates,
            loss: judged.loss.toFixed(0),
          })}
        </span>
      </div>
      {judged.rank > 1 && judged.best && (
        <div data-testid="best-was">
          {t("bestWas")}{" "}
          <span className="font-mono font-semibold">
            {toLabel(judged.best, game.size)} ({formatScore(judged.bestScore)})
          </span>
          {line.length > 1 && <span className="ml-1 font-mono text-xs text-muted">{line.slice(0, 10).join(" ")}</span>}
        </div>
      )}
    </div>
  );
}
