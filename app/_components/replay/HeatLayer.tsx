"use client";
// Drawn over the board (Board's overlay): the engine's score for every root move it considered
// (colour per point: green best … red worst, from the mover's side; the score on hover), and its
// expected line as translucent numbered ghost stones. A score that is only an upper bound ("≤ −120")
// is drawn lighter with a dashed edge.
import type { Point } from "@/engine";
import { toLabel } from "@/lib/shared/notation";
import { formatCandidateScore, type HeatCell } from "@/lib/shared/replay/game";
import { useMemo } from "react";
import { useTranslations } from "next-intl";
import { useScoreText } from "../i18n/words";

export const heatColor = (badness: number) => `hsl(${Math.round((1 - badness) * 120)} 72% 42%)`;

export interface HeatLayerProps {
  size: number;
  cells: HeatCell[];
  /** Ghost stones: the line the engine expected after the move (the move itself excluded). */
  ghosts: Point[];
  ghostFirstColor: 1 | 2;
  occupied: Set<number>;
  hover: HeatCell | null;
  onHover: (c: HeatCell | null) => void;
  mover: 1 | 2;
  /** The words, in the reader's language (useHeatWords). */
  words: HeatWords;
}

export interface HeatWords {
  score: (s: HeatCell["score"]) => string;
  cellTitle: (a: { point: string; score: string; mover: 1 | 2; played: boolean; best: boolean }) => string;
}

/** HeatLayer's words from the catalogue ("h8: +120 (black's view) · played"). */
export function useHeatWords(): HeatWords {
  const t = useTranslations("replay.heat");
  const score = useScoreText();
  return useMemo(
    () => ({
      score,
      cellTitle: ({ point, score, mover, played, best }) =>
        t("cell", { point, score, color: mover === 1 ? "black" : "white", played: played ? "yes" : "no", best: best ? "yes" : "no" }),
    }),
    [t, score],
  );
}

export function heatLayer(p: HeatLayerProps) {
  return function HeatOverlay({ px, cell }: { px: (i: number) => number; cell: number }) {
    const half = cell * 0.42;
    const r = cell * 0.46;
    return (
      <g>
        <g data-testid="heatmap" data-count={p.cells.length}>
          {p.cells.map((c) => {
            const taken = p.occupied.has(c.y * p.size + c.x);
            const label = toLabel(c, p.size);
            return (
              <g
                key={label}
                data-heat={label}
                data-score={formatCandidateScore(c)}
                data-bound={c.bound ? "upper" : undefined}
                onMouseEnter={() => p.onHover(c)}
                onMouseLeave={() => p.onHover(null)}
                className="cursor-help"
              >
                {taken ? (
                  // The move played: a ring around its stone, in its colour.
                  <circle cx={px(c.x)} cy={px(c.y)} r={r + 3.5} fill="none" stroke={heatColor(c.badness)} strokeWidth={4} />
                ) : (
                  <rect
                    x={px(c.x) - half}
                    y={px(c.y) - half}
                    width={half * 2}
                    height={half * 2}
                    rx={6}
                    fill={heatColor(c.badness)}
                    opacity={c.best ? 0.72 : c.bound ? 0.22 : 0.5}
                    stroke={c.best ? "#1f4d0f" : c.bound ? heatColor(c.badness) : "none"}
                    strokeWidth={c.best ? 2.5 : c.bound ? 2 : 0}
                    strokeDasharray={c.bound && !c.best ? "4 3" : undefined}
                  />
                )}
                <title>
                  {p.words.cellTitle({
                    point: label,
                    score: `${c.bound ? "≤ " : ""}${p.words.score(c.score)}`,
                    mover: p.mover,
                    played: !!c.played,
                    best: !!c.best,
                  })}
                </title>
              </g>
            );
          })}
        </g>
        <g pointerEvents="none" data-testid="pv-ghosts" data-count={p.ghosts.length}>
          {p.ghosts.map((g, i) => {
            if (p.occupied.has(g.y * p.size + g.x)) return null;
            const c = (i % 2 === 0 ? p.ghostFirstColor : p.ghostFirstColor === 1 ? 2 : 1) as 1 | 2;
            return (
              <g key={`g${i}`} opacity={0.55}>
                <circle cx={px(g.x)} cy={px(g.y)} r={r * 0.82} fill={c === 1 ? "#111" : "#fafafa"} stroke="#0006" strokeWidth={1} strokeDasharray="3 2" />
                <text x={px(g.x)} y={px(g.y)} fontSize={14} fontWeight={700} textAnchor="middle" dominantBaseline="central" fill={c === 1 ? "#fff" : "#111"}>
                  {i + 1}
                </text>
              </g>
            );
          })}
        </g>
        {p.hover && (
          <g pointerEvents="none" data-testid="heat-tooltip">
            {(() => {
              const text = `${toLabel(p.hover, p.size)}  ${p.hover.bound ? "≤ " : ""}${p.words.score(p.hover.score)}`;
              const w = text.length * 8.2 + 16;
              const cx = Math.min(Math.max(px(p.hover.x), w / 2 + 2), px(p.size - 1) + cell - w / 2);
              const top = p.hover.y === 0 ? px(p.hover.y) + cell * 0.6 : px(p.hover.y) - cell * 0.6 - 26;
              return (
                <>
                  <rect x={cx - w / 2} y={top} width={w} height={26} rx={6} fill="#2b2620" opacity={0.92} />
                  <text x={cx} y={top + 13} fontSize={14} fontWeight={700} textAnchor="middle" dominantBaseline="central" fill="#fff">
                    {text}
                  </text>
                </>
              );
            })()}
          </g>
        )}
      </g>
    );
  };
}
