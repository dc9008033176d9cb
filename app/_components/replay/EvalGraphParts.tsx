"use client";
// The evaluation graph's layers (./EvalGraph): its background (halves, the forced-win edges, the
// middle, which side is better), a scored move's point, the analysis's mark dots, forced-result labels.
import { useTranslations } from "next-intl";
import type { EvalPoint } from "@/lib/shared/replay/game";
import { WIN_PROB_K, type Mark } from "@/lib/shared/analysis";
import { MARK_COLOR, useMarkName } from "./AnalysisPanel";
import { useScoreText } from "../i18n/words";
import { H, PAD_X, PAD_Y, W, type GraphPoint } from "./eval-graph-shape";
import { graphValue } from "@/lib/shared/replay/game";
import { winChanceText } from "@/lib/shared/scores";

/** The marks drawn as coloured dots (the others are not worth a dot). */
const DOTTED: Mark[] = ["inaccuracy", "mistake", "blunder", "missed-win"];

/** lib/shared/replay/game's formatBlackScore in words, with black's win chance: "Black wins in 3", "+120 · black's win chance 54%". */
export function useBlackScoreText(): (s: EvalPoint["black"]) => string {
  const t = useTranslations("replay.graph");
  const formatScore = useScoreText();
  return (s) =>
    s.kind === "win"
      ? t("blackWinsIn", { n: s.plies })
      : s.kind === "loss"
        ? t("whiteWinsIn", { n: s.plies })
        : `${formatScore(s)} · ${t("blackChance", { p: winChanceText(s) })}`;
}

/** The win-chance axis: black's 90 %, 50 %, 10 % (an evaluation's place: lib/shared/replay/game graphValue). */
const TICKS = [90, 50, 10].map((p) => ({ p, y: H / 2 - graphValue({ kind: "eval", value: Math.log(p / (100 - p)) / WIN_PROB_K }) * (H / 2 - PAD_Y) }));

export function GraphBackground() {
  const t = useTranslations("replay.graph");
  return (
    <>
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
      <g data-testid="graph-axis" aria-label={t("axis")}>
        {TICKS.map(({ p, y }) => (
          <text key={p} x={W - 2} y={y + 3} fontSize={8} fill="#7a6f60" textAnchor="end">
            {p}%
          </text>
        ))}
      </g>
    </>
  );
}

export interface PointMarkProps {
  q: GraphPoint;
  /** The move shown now. */
  ply: number;
  hitR: number;
  onJump: (ply: number) => void;
  onHover: (p: EvalPoint | null) => void;
}

/** A scored move: a dot (a triangle for a forced result), its click target and its title. */
export function PointMark({ q: { p, cx, cy }, ply, hitR, onJump, onHover }: PointMarkProps) {
  const t = useTranslations("replay.graph");
  const formatBlackScore = useBlackScoreText();
  const mate = p.black.kind !== "eval";
  return (
    <g
      onClick={(e) => {
        e.stopPropagation();
        onJump(p.ply);
      }}
      onMouseEnter={() => onHover(p)}
      onMouseLeave={() => onHover(null)}
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
}

/** The analysis's inaccuracies, mistakes, blunders and missed wins: coloured dots on their points. */
export function MarkDots({ marks, pts }: { marks: Array<{ ply: number; mark: Mark }>; pts: GraphPoint[] }) {
  const t = useTranslations("replay.graph");
  const markName = useMarkName();
  return marks
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
    });
}

/** "black: win in 13" on the first point of each run of forced results. */
export function MateLabel({ q: { p, cx, cy } }: { q: GraphPoint }) {
  const t = useTranslations("replay.graph");
  return (
    <text
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
  );
}
