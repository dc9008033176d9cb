"use client";
// The goban as SVG: grid, coordinates (letters a… left to right at top and bottom, numbers from 1
// at the bottom on both sides, as lib/shared/notation), star points, stones, last-move marker, optional
// move numbers, the winning line, and a hover preview of the stone you would place.
import { memo, useMemo, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { Point } from "@/engine";
import { toLabel } from "@/lib/shared/notation";

export interface BoardStone extends Point {
  color: 1 | 2;
  /** Move number shown when numbers are on; opening stones have none. */
  n?: number;
}

export interface BoardProps {
  size: number;
  stones: BoardStone[];
  lastMove?: Point | null;
  winLine?: Point[] | null;
  /** A stone sent but not yet confirmed by the server. */
  pending?: BoardStone | null;
  /** The colour a click would place; null when clicks do nothing. */
  previewColor?: 1 | 2 | null;
  showNumbers?: boolean;
  /** The engine's principal variation, drawn as faint numbered ghosts. */
  pv?: Point[] | null;
  pvFirstColor?: 1 | 2;
  onPlay?: (p: Point) => void;
  /** Renju: black's forbidden points, drawn as a small × (with the reason as a tooltip). */
  forbidden?: ReadonlyArray<Point & { reason: string }> | null;
  /** Drawn last, over everything (the replay's heatmap): gets the board's geometry. */
  overlay?: (geom: { px: (i: number) => number; cell: number }) => ReactNode;
}

const CELL = 40;
// Room for the coordinates clear of an edge stone (radius 0.46 CELL): the letters and numbers sit
// outside the stones of the first and last rows and columns, never under them.
const MARGIN = 46;

export function starPoints(size: number): Point[] {
  if (size < 9) return [];
  const e = size >= 13 ? 3 : 2;
  const c = Math.floor(size / 2);
  const far = size - 1 - e;
  const pts: Point[] = [
    { x: e, y: e },
    { x: far, y: e },
    { x: e, y: far },
    { x: far, y: far },
  ];
  if (size % 2 === 1) pts.push({ x: c, y: c });
  if (size >= 19 && size % 2 === 1) pts.push({ x: c, y: e }, { x: c, y: far }, { x: e, y: c }, { x: far, y: c });
  return pts;
}

const px = (i: number) => MARGIN + i * CELL;

function BoardImpl({
  size,
  stones,
  lastMove,
  winLine,
  pending,
  previewColor = null,
  showNumbers = false,
  pv,
  pvFirstColor = 1,
  onPlay,
  forbidden,
  overlay,
}: BoardProps) {
  const span = (size - 1) * CELL;
  const full = span + 2 * MARGIN;
  const occupied = useMemo(() => {
    const m = new Map<number, BoardStone>();
    for (const s of stones) m.set(s.y * size + s.x, s);
    return m;
  }, [stones, size]);
  const letters = useMemo(() => Array.from({ length: size }, (_, x) => toLabel({ x, y: 0 }, size).replace(/(?<!\d)\d+$/, "")), [size]);
  const interactive = previewColor !== null && !!onPlay;
  const r = CELL * 0.46;
  const t = useTranslations("game.board");

  return (
    <svg
      viewBox={`0 0 ${full} ${full}`}
      className="board block h-auto w-full select-none touch-manipulation"
      role="grid"
      aria-label={t("label", { size })}
      data-testid="board"
      data-size={size}
    >
      <defs>
        <radialGradient id="stone-black" cx="35%" cy="30%" r="70%">
          <stop offset="0%" stopColor="#5a5a5a" />
          <stop offset="55%" stopColor="#1c1c1c" />
          <stop offset="100%" stopColor="#050505" />
        </radialGradient>
        <radialGradient id="stone-white" cx="35%" cy="30%" r="75%">
          <stop offset="0%" stopColor="#ffffff" />
          <stop offset="70%" stopColor="#ecebe6" />
          <stop offset="100%" stopColor="#c9c6bc" />
        </radialGradient>
        <filter id="stone-shadow" x="-30%" y="-30%" width="160%" height="160%">
          <feDropShadow dx="1.2" dy="1.8" stdDeviation="1.3" floodColor="#000" floodOpacity="0.35" />
        </filter>
      </defs>

      <rect x={0} y={0} width={full} height={full} rx={6} className="fill-[var(--board)]" />

      {/* grid */}
      <g stroke="var(--board-line)" strokeWidth={1.2}>
        {Array.from({ length: size }, (_, i) => (
          <g key={i}>
            <line x1={px(0)} y1={px(i)} x2={px(size - 1)} y2={px(i)} />
            <line x1={px(i)} y1={px(0)} x2={px(i)} y2={px(size - 1)} />
          </g>
        ))}
        <rect x={px(0)} y={px(0)} width={span} height={span} fill="none" strokeWidth={1.8} />
      </g>
      {starPoints(size).map((p) => (
        <circle key={`s${p.x}-${p.y}`} cx={px(p.x)} cy={px(p.y)} r={3.6} fill="var(--board-line)" />
      ))}

      {/* coordinates */}
      <g fill="var(--board-coord)" fontSize={13} fontWeight={600} textAnchor="middle" dominantBaseline="central" aria-hidden="true">
        {letters.map((l, x) => (
          <g key={`c${x}`}>
            <text x={px(x)} y={MARGIN / 2 - 3}>
              {l}
            </text>
            <text x={px(x)} y={full - MARGIN / 2 + 3}>
              {l}
            </text>
          </g>
        ))}
        {Array.from({ length: size }, (_, y) => (
          <g key={`r${y}`}>
            <text x={MARGIN / 2 - 5} y={px(y)}>
              {size - y}
            </text>
            <text x={full - MARGIN / 2 + 5} y={px(y)}>
              {size - y}
            </text>
          </g>
        ))}
      </g>

      {/* winning line under the stones */}
      {winLine && winLine.length >= 2 && (
        <line
          x1={px(winLine[0].x)}
          y1={px(winLine[0].y)}
          x2={px(winLine[winLine.length - 1].x)}
          y2={px(winLine[winLine.length - 1].y)}
          stroke="var(--win)"
          strokeWidth={CELL * 0.5}
          strokeLinecap="round"
          opacity={0.55}
        />
      )}

      {/* stones */}
      <g>
        {stones.map((s) => (
          <Stone key={`${s.x}-${s.y}`} s={s} r={r} showNumber={showNumbers} />
        ))}
        {pending && !occupied.has(pending.y * size + pending.x) && (
          <circle cx={px(pending.x)} cy={px(pending.y)} r={r} fill={`url(#stone-${pending.color === 1 ? "black" : "white"})`} opacity={0.7} />
        )}
      </g>

      {/* engine's principal variation */}
      {pv && pv.length > 0 && (
        <g pointerEvents="none" data-testid="pv-ghosts">
          {pv.slice(0, 6).map((p, i) => {
            if (occupied.has(p.y * size + p.x)) return null;
            const c = (i % 2 === 0 ? pvFirstColor : pvFirstColor === 1 ? 2 : 1) as 1 | 2;
            return (
              <g key={`pv${i}`} opacity={0.42}>
                <circle cx={px(p.x)} cy={px(p.y)} r={r * 0.8} fill={c === 1 ? "#111" : "#fafafa"} stroke="#0004" />
                <text x={px(p.x)} y={px(p.y)} fontSize={13} fontWeight={700} textAnchor="middle" dominantBaseline="central" fill={c === 1 ? "#fff" : "#111"}>
                  {i + 1}
                </text>
              </g>
            );
          })}
        </g>
      )}

      {/* winning stones ring */}
      {winLine?.map((p) => (
        <circle key={`w${p.x}-${p.y}`} cx={px(p.x)} cy={px(p.y)} r={r + 2} fill="none" stroke="var(--win)" strokeWidth={3} data-testid="win-stone" />
      ))}

      {/* last move */}
      {lastMove && (
        <circle
          cx={px(lastMove.x)}
          cy={px(lastMove.y)}
          r={showNumbers ? r + 3 : CELL * 0.13}
          fill={showNumbers ? "none" : "var(--last)"}
          stroke={showNumbers ? "var(--last)" : "none"}
          strokeWidth={2.5}
          data-testid="last-move"
          data-label={toLabel(lastMove, size)}
          pointerEvents="none"
        />
      )}

      {/* renju: black's forbidden points */}
      {forbidden?.map((p) => {
        const d = CELL * 0.16;
        return (
          <g
            key={`f${p.x}-${p.y}`}
            stroke="var(--danger, #c0392b)"
            strokeWidth={2.5}
            strokeLinecap="round"
            pointerEvents="none"
            data-testid={`forbidden-${toLabel(p, size)}`}
            data-reason={p.reason}
          >
            <title>{t("forbidden", { reason: p.reason.replace("-", "_") })}</title>
            <line x1={px(p.x) - d} y1={px(p.y) - d} x2={px(p.x) + d} y2={px(p.y) + d} />
            <line x1={px(p.x) - d} y1={px(p.y) + d} x2={px(p.x) + d} y2={px(p.y) - d} />
          </g>
        );
      })}

      {/* hit areas, with the hover preview */}
      <g>
        {Array.from({ length: size * size }, (_, i) => {
          const x = i % size;
          const y = Math.floor(i / size);
          const label = toLabel({ x, y }, size);
          const st = occupied.get(i);
          const canPlay = interactive && !st && !(pending && pending.x === x && pending.y === y);
          return (
            <g key={label} className={canPlay ? "group cursor-pointer" : undefined}>
              {canPlay && (
                <circle
                  cx={px(x)}
                  cy={px(y)}
                  r={r}
                  fill={previewColor === 1 ? "#111" : "#fafafa"}
                  stroke={previewColor === 2 ? "#0005" : "none"}
                  className="opacity-0 transition-opacity duration-75 group-hover:opacity-50"
                  pointerEvents="none"
                />
              )}
              <rect
                x={px(x) - CELL / 2}
                y={px(y) - CELL / 2}
                width={CELL}
                height={CELL}
                fill="transparent"
                pointerEvents="all"
                role="gridcell"
                aria-label={st ? t(st.color === 1 ? "blackStone" : "whiteStone", { point: label }) : label}
                aria-disabled={!canPlay}
                data-testid={`pt-${label}`}
                data-stone={st ? st.color : 0}
                onClick={canPlay ? () => onPlay!({ x, y }) : undefined}
              />
            </g>
          );
        })}
      </g>
      {overlay?.({ px, cell: CELL })}
    </svg>
  );
}

function Stone({ s, r, showNumber }: { s: BoardStone; r: number; showNumber: boolean }) {
  const black = s.color === 1;
  return (
    <g>
      <circle
        cx={px(s.x)}
        cy={px(s.y)}
        r={r}
        fill={`url(#stone-${black ? "black" : "white"})`}
        stroke={black ? "#000" : "#a8a49a"}
        strokeWidth={0.8}
        filter="url(#stone-shadow)"
      />
      {showNumber && s.n !== undefined && (
        <text
          x={px(s.x)}
          y={px(s.y)}
          fontSize={s.n >= 100 ? 12 : 15}
          fontWeight={700}
          textAnchor="middle"
          dominantBaseline="central"
          fill={black ? "#f5f5f5" : "#1a1a1a"}
          pointerEvents="none"
        >
          {s.n}
        </text>
      )}
    </g>
  );
}

export const Board = memo(BoardImpl);
