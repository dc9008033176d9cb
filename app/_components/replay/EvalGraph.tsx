"use client";
// The evaluation graph: every scored move's score (the server analysis's, else the one its search
// left: lib/shared/analysis shownScore), drawn from BLACK's side (up = good for black). Forced
// results sit on the top or bottom edge, labelled "win in N". Click anywhere (or a point) to jump to
// that move. The caption says how many moves carry a score, and where some lack one and the game
// can be analysed, that "Analyse this game" scores them all.
import { useMemo, useState, type MouseEvent } from "react";
import { useTranslations } from "next-intl";
import { graphScale, type EvalPoint } from "@/lib/shared/replay/game";
import type { Mark } from "@/lib/shared/analysis";
import { useScoreText } from "../i18n/words";
import { H, W, graphShape, plyAt } from "./eval-graph-shape";
import { GraphBackground, MarkDots, MateLabel, PointMark, useBlackScoreText } from "./EvalGraphParts";

export function EvalGraph({
  series,
  plies,
  ply,
  onJump,
  marks = [],
  analysable = false,
}: {
  series: EvalPoint[];
  plies: number;
  ply: number;
  onJump: (ply: number) => void;
  /** A server analysis's marks: coloured dots at inaccuracies, mistakes, blunders and missed wins. */
  marks?: Array<{ ply: number; mark: Mark }>;
  /** A stored, finished game with no analysis yet (or a failed one): its panel offers "Analyse this game". */
  analysable?: boolean;
}) {
  const [hover, setHover] = useState<EvalPoint | null>(null);
  const t = useTranslations("replay.graph");
  const formatScore = useScoreText();
  const formatBlackScore = useBlackScoreText();
  const scale = useMemo(() => graphScale(series), [series]);
  const { x, pts, hitR, line, area, mateLabels } = graphShape(series, plies, scale);

  const jumpAt = (e: MouseEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    onJump(plyAt(((e.clientX - r.left) / r.width) * W, plies));
  };

  const everyMove = series.length >= plies;
  const hint = analysable && !everyMove && (
    <span className="block" data-testid="graph-analyse-hint">
      {t("analyseHint")}
    </span>
  );
  if (series.length === 0)
    return (
      <p className="px-1 py-6 text-center text-sm text-muted" data-testid="eval-graph-empty">
        {t("empty")} {hint}
      </p>
    );

  return (
    <figure className="relative" data-testid="eval-graph">
      <svg viewBox={`0 0 ${W} ${H}`} className="block h-auto w-full cursor-crosshair select-none" onClick={jumpAt} role="img" aria-label={t("label")}>
        <GraphBackground />
        {area && (
          <>
            <path d={area} fill="#2b2620" opacity={0.18} clipPath="url(#eg-top)" />
            <path d={area} fill="#ffffff" opacity={0.9} clipPath="url(#eg-bottom)" />
          </>
        )}
        <polyline points={line} fill="none" stroke="#2b2620" strokeWidth={1.3} strokeLinejoin="round" />
        {/* current move */}
        <line x1={x(ply)} x2={x(ply)} y1={2} y2={H - 2} stroke="#e0392b" strokeWidth={1.5} data-testid="graph-cursor" data-ply={ply} />
        {pts.map((q) => (
          <PointMark key={q.p.ply} q={q} ply={ply} hitR={hitR} onJump={onJump} onHover={setHover} />
        ))}
        <MarkDots marks={marks} pts={pts} />
        {mateLabels.map((q) => (
          <MateLabel key={`m${q.p.ply}`} q={q} />
        ))}
      </svg>
      <figcaption className="mt-1 flex items-baseline justify-between gap-2 text-xs text-muted">
        <span data-testid="graph-caption" data-scored={series.length}>
          {everyMove ? t("captionAll") : t("captionSome", { scored: series.length, total: plies })}
          {hint}
        </span>
        <span className="tabular-nums" data-testid="graph-hover">
          {hover
            ? t("hover", { ply: hover.ply, score: formatBlackScore(hover.black), color: hover.color === 1 ? "black" : "white", said: formatScore(hover.mover) })
            : ""}
        </span>
      </figcaption>
    </figure>
  );
}
