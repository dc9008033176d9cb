"use client";
// The evaluation graph: every scored move's score (the server analysis's, else the one its search
// left: lib/shared/analysis shownScore), drawn from BLACK's side (up = good for black). Forced
// results sit on the top or bottom edge, labelled "win in N". Click anywhere (or a point) to jump to
// that move. The caption says how many moves carry a score, and where some lack one and the game
// can be analysed, that "Analyse this game" scores them all.
import { useMemo, useState, type MouseEvent } from "react";
import { useTranslations } from "next-intl";
import { graphScale, graphValue, type EvalPoint } from "@/lib/shared/replay/game";
import type { Mark } from "@/lib/shared/analysis";
import { MARK_COLOR, useMarkName } from "./AnalysisPanel";
import { useScoreText } from "../i18n/words";

/** The marks drawn as coloured dots (the others are not worth a dot). */
const DOTTED: Mark[] = ["inaccuracy", "mistake", "blunder", "missed-win"];

const W = 360;
const H = 150;
const PAD_X = 10;
const PAD_Y = 14;

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
  const markName = useMarkName();
  // lib/shared/replay/game's formatBlackScore in words: "Black wins in 3", "+120".
  const formatBlackScore = (s: EvalPoint["black"]) =>
    s.kind === "win" ? t("blackWinsIn", { n: s.plies }) : s.kind === "loss" ? t("whiteWinsIn", { n: s.plies }) : formatScore(s);
  const scale = useMemo(() => graphScale(series), [series]);
  const n = Math.max(plies, 1);
  const x = (p: number) => PAD_X + (p / n) * (W - 2 * PAD_X);
  const y = (v: number) => H / 2 - v * (H / 2 - PAD_Y);
  const pts = series.map((p) => ({ p, cx: x(p.ply), cy: y(graphValue(p.black, scale)) }));
  // Each point's click target: up to 9 units, but never over its neighbours' centres in a long game
  // (a click between points still jumps to the nearest ply: jumpAt).
  const hitR = Math.max(2.5, Math.min(9, (W - 2 * PAD_X) / n / 2));
  const line = pts.map((q) => `${q.cx.toFixed(1)},${q.cy.toFixed(1)}`).join(" ");
  const area = pts.length ? `M${pts[0].cx},${H / 2} L${line.replaceAll(" ", " L")} L${pts[pts.length - 1].cx},${H / 2} Z` : "";
  // Label the first point of each run of forced results, and never two labels on top of each other.
  const mateLabels: typeof pts = [];
  for (const [i, q] of pts.entries()) {
    if (q.p.black.kind === "eval") continue;
    const runStart = i === 0 || pts[i - 1].p.black.kind !== q.p.black.kind;
    const clash = mateLabels.some((m) => m.p.black.kind === q.p.black.kind && Math.abs(m.cx - q.cx) < 90);
    if (runStart && !clash) mateLabels.push(q);
  }

  const jumpAt = (e: MouseEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const sx = ((e.clientX - r.left) / r.width) * W;
    onJump(Math.max(0, Math.min(plies, Math.round(((sx - PAD_X) / (W - 2 * PAD_X)) * n))));
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
        <defs>
          <clipPath id="eg-top">
            <rect x={0} y={0} width={W} height={H / 2} />
          </clipPath>
          <clipPath id="eg-bottom">
            <rect x={0} y={H / 2} width={W} height={H / 2} />
          </clipPath>
        </defs>
        <rect x={0} y={0} width={W} height={H / 2} className="fill-white" />
        <rect x={0} y={H / 2} width={W} height={H / 2} className="fill-[#ece7dc]" />
        {/* the edges where forced wins sit */}
        <line x1={PAD_X} x2={W - PAD_X} y1={PAD_Y} y2={PAD_Y} stroke="#5b8a2f" strokeDasharray="3 4" strokeWidth={1} opacity={0.5} />
        <line x1={PAD_X} x2={W - PAD_X} y1={H - PAD_Y} y2={H - PAD_Y} stroke="#b3402e" strokeDasharray="3 4" strokeWidth={1} opacity={0.5} />
        <line x1={0} x2={W} y1={H / 2} y2={H / 2} stroke="#b9ae99" strokeWidth={1} />
        <text x={4} y={10} fontSize={9} fill="#7a6f60" fontWeight={600}>
          ▲ {t("blackBetter")}
        </text>
        <text x={4} y={H - 3} fontSize={9} fill="#7a6f60" fontWeight={600}>
          ▼ {t("whiteBetter")}
        </text>
        {area && (
          <>
            <path d={area} fill="#2b2620" opacity={0.18} clipPath="url(#eg-top)" />
            <path d={area} fill="#ffffff" opacity={0.9} clipPath="url(#eg-bottom)" />
          </>
        )}
        <polyline points={line} fill="none" stroke="#2b2620" strokeWidth={1.3} strokeLinejoin="round" />
        {/* current move */}
        <line x1={x(ply)} x2={x(ply)} y1={2} y2={H - 2} stroke="#e0392b" strokeWidth={1.5} data-testid="graph-cursor" data-ply={ply} />
        {pts.map(({ p, cx, cy }) => {
          const mate = p.black.kind !== "eval";
          return (
            <g
              key={p.ply}
              onClick={(e) => {
                e.stopPropagation();
                onJump(p.ply);
              }}
              onMouseEnter={() => setHover(p)}
              onMouseLeave={() => setHover(null)}
              className="cursor-pointer"
              data-testid={`graph-point-${p.ply}`}
            >
              <circle cx={cx} cy={cy} r={hitR} fill="transparent" />
              {mate ? (
                <path
                  d={
                    p.black.kind === "win"
                      ? `M${cx - 4.5},${cy + 4} L${cx + 4.5},${cy + 4} L${cx},${cy - 4} Z`
                      : `M${cx - 4.5},${cy - 4} L${cx + 4.5},${cy - 4} L${cx},${cy + 4} Z`
                  }
                  fill={p.black.kind === "win" ? "#5b8a2f" : "#b3402e"}
                />
              ) : (
                <circle
                  cx={cx}
                  cy={cy}
                  r={p.ply === ply ? 3.8 : 2.3}
                  fill={p.color === 1 ? "#1c1c1c" : "#fafafa"}
                  stroke="#2b2620"
                  strokeWidth={p.ply === ply ? 1.6 : 0.8}
                />
              )}
              <title>{t("pointTitle", { ply: p.ply, color: p.color === 1 ? "black" : "white", score: formatBlackScore(p.black) })}</title>
            </g>
          );
        })}
        {marks
          .filter((m) => DOTTED.includes(m.mark))
          .map((m) => {
            const q = pts.find((t) => t.p.ply === m.ply);
            if (!q) return null;
            return (
              <circle
                key={`mk${m.ply}`}
                cx={q.cx}
                cy={q.cy}
                r={m.mark === "inaccuracy" ? 3.5 : 4.5}
                fill={MARK_COLOR[m.mark]}
                stroke="#fff"
                strokeWidth={1}
                pointerEvents="none"
                data-testid={`graph-mark-${m.ply}`}
                data-mark={m.mark}
              >
                <title>{t("markTitle", { ply: m.ply, mark: markName(m.mark) })}</title>
              </circle>
            );
          })}
        {mateLabels.map(({ p, cx, cy }) => (
          <text
            key={`m${p.ply}`}
            // Near an edge the label grows away from it (centred, "white: win in 13" would be cut).
            x={cx < 90 ? Math.max(cx - 6, 2) : cx > W - 90 ? Math.min(cx + 6, W - 2) : cx}
            y={p.black.kind === "win" ? cy + 14 : cy - 7}
            fontSize={10}
            fontWeight={700}
            textAnchor={cx < 90 ? "start" : cx > W - 90 ? "end" : "middle"}
            fill={p.black.kind === "win" ? "#476e22" : "#b3402e"}
            pointerEvents="none"
            data-testid="mate-label"
          >
            {t(p.black.kind === "win" ? "mateBlack" : "mateWhite", { n: (p.black as { plies: number }).plies })}
          </text>
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
