"use client";
// A player's rating after each rated game in one pool: hand-drawn SVG in the eval graph's style
// (app/_components/replay/EvalGraph): the same size, paper colours and point markers. Hover a point
// for its rating; click it to open that game's replay.
import { useTranslations } from "next-intl";
import { useDates } from "../i18n/words";
import Link from "next/link";
import { useState } from "react";
import type { RatingHistoryPoint } from "@/lib/shared/players";

const W = 360;
const H = 150;
const PAD_X = 10;
const PAD_Y = 16;

export function RatingChart({ points }: { points: RatingHistoryPoint[] }) {
  const [hover, setHover] = useState<number | null>(null);
  const t = useTranslations("player.chart");
  const dates = useDates();
  if (points.length === 0)
    return (
      <p className="px-1 py-6 text-center text-sm text-muted" data-testid="rating-chart-empty">
        {t("empty")}
      </p>
    );
  const ratings = points.map((p) => p.rating);
  // A band of at least 50 points, so one game's change does not fill the whole height.
  const mid = (Math.max(...ratings) + Math.min(...ratings)) / 2;
  const half = Math.max(25, (Math.max(...ratings) - Math.min(...ratings)) / 2);
  const lo = mid - half;
  const hi = mid + half;
  const n = Math.max(points.length - 1, 1);
  const x = (i: number) => (points.length === 1 ? W / 2 : PAD_X + (i / n) * (W - 2 * PAD_X));
  const y = (r: number) => H - PAD_Y - ((r - lo) / (hi - lo)) * (H - 2 * PAD_Y);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const shown = hover !== null ? points[hover] : points[points.length - 1];
  return (
    <figure className="relative" data-testid="rating-chart" data-points={points.length}>
      <svg viewBox={`0 0 ${W} ${H}`} className="block h-auto w-full select-none" role="img" aria-label={t("label")}>
        <rect x={0} y={0} width={W} height={H} className="fill-white" />
        <line x1={PAD_X} x2={W - PAD_X} y1={PAD_Y} y2={PAD_Y} stroke="#b9ae99" strokeDasharray="3 4" strokeWidth={1} />
        <line x1={PAD_X} x2={W - PAD_X} y1={H - PAD_Y} y2={H - PAD_Y} stroke="#b9ae99" strokeDasharray="3 4" strokeWidth={1} />
        <text x={4} y={11} fontSize={9} fill="#7a6f60" fontWeight={600}>
          {Math.round(hi)}
        </text>
        <text x={4} y={H - 4} fontSize={9} fill="#7a6f60" fontWeight={600}>
          {Math.round(lo)}
        </text>
        <polyline points={line} fill="none" stroke="#2b2620" strokeWidth={1.3} strokeLinejoin="round" />
        {points.map((p, i) => (
          <Link key={`${p.gameId}-${i}`} href={`/replay/${p.gameId}`} data-testid={`rating-point-${i}`}>
            <g onMouseEnter={() => setHover(i)} onMouseLeave={() => setHover(null)} className="cursor-pointer">
              <circle cx={x(i)} cy={y(p.rating)} r={8} fill="transparent" />
              <circle cx={x(i)} cy={y(p.rating)} r={hover === i ? 3.8 : 2.6} fill="#1c1c1c" stroke="#2b2620" strokeWidth={0.8} />
              <title>{t("point", { rating: p.rating, date: dates.dateTime(p.at) })}</title>
            </g>
          </Link>
        ))}
      </svg>
      <figcaption className="mt-1 text-xs text-muted tabular-nums">
        {shown.rating} · {dates.date(shown.at)}
      </figcaption>
    </figure>
  );
}
