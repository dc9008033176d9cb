"use client";
// The goban as SVG: grid, coordinates (letters a… left to right at top and bottom, numbers from 1
// at the bottom on both sides, as lib/shared/notation), star points, stones, last-move marker, optional
// move numbers, the winning line, and a hover preview of the stone you would place. One tab stop
// (role application): the keyboard's cursor and what it says are ./board/useBoardCursor's.
import { memo, useId, useMemo, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { Point } from "@/engine";
import { toLabel } from "@/lib/shared/notation";
import {
  CELL,
  Coordinates,
  CursorRing,
  ForbiddenMark,
  Grid,
  LastMove,
  MARGIN,
  PvGhosts,
  R,
  Stone,
  StonePaint,
  WinLine,
  px,
  type BoardStone,
} from "./board/layers";
import { HitAreas } from "./board/HitAreas";
import { useBoardCursor } from "./board/useBoardCursor";

export type { BoardStone } from "./board/layers";
export { starPoints } from "./board/layers";

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
  const full = (size - 1) * CELL + 2 * MARGIN;
  const occupied = useMemo(() => {
    const m = new Map<number, BoardStone>();
    for (const s of stones) m.set(s.y * size + s.x, s);
    return m;
  }, [stones, size]);
  const letters = useMemo(() => Array.from({ length: size }, (_, x) => toLabel({ x, y: 0 }, size).replace(/(?<!\d)\d+$/, "")), [size]);
  const interactive = previewColor !== null && !!onPlay;
  const t = useTranslations("game.board");
  const a = useTranslations("a11y.board");
  const { cursor, said, lastText, handlers } = useBoardCursor({ size, occupied, lastMove, interactive, onPlay });
  const hintId = useId();

  return (
    <>
      <svg
        viewBox={`0 0 ${full} ${full}`}
        className="board block h-auto w-full select-none touch-manipulation rounded-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-[var(--focus)]"
        role="application"
        tabIndex={0}
        aria-label={a("label", { size })}
        aria-describedby={hintId}
        data-testid="board"
        data-size={size}
        data-cursor={cursor ? toLabel(cursor, size) : undefined}
        {...handlers}
      >
        <StonePaint />

        <rect x={0} y={0} width={full} height={full} rx={6} className="fill-[var(--board)]" />
        <Grid size={size} />
        <Coordinates size={size} letters={letters} full={full} />
        {winLine && winLine.length >= 2 && <WinLine line={winLine} />}

        {/* stones */}
        <g>
          {stones.map((s) => (
            <Stone key={`${s.x}-${s.y}`} s={s} r={R} showNumber={showNumbers} />
          ))}
          {pending && !occupied.has(pending.y * size + pending.x) && (
            <circle cx={px(pending.x)} cy={px(pending.y)} r={R} fill={`url(#stone-${pending.color === 1 ? "black" : "white"})`} opacity={0.7} />
          )}
        </g>

        {pv && pv.length > 0 && <PvGhosts pv={pv} firstColor={pvFirstColor} isOccupied={(p) => occupied.has(p.y * size + p.x)} />}

        {/* winning stones ring */}
        {winLine?.map((p) => (
          <circle key={`w${p.x}-${p.y}`} cx={px(p.x)} cy={px(p.y)} r={R + 2} fill="none" stroke="var(--win)" strokeWidth={3} data-testid="win-stone" />
        ))}

        {lastMove && <LastMove at={lastMove} size={size} showNumbers={showNumbers} />}

        {/* renju: black's forbidden points */}
        {forbidden?.map((p) => (
          <ForbiddenMark key={`f${p.x}-${p.y}`} p={p} size={size} title={t("forbidden", { reason: p.reason.replace("-", "_") })} />
        ))}

        <HitAreas size={size} occupied={occupied} interactive={interactive} pending={pending} previewColor={previewColor} onPlay={onPlay} />
        {overlay?.({ px, cell: CELL })}
        {cursor && <CursorRing at={cursor} label={toLabel(cursor, size)} />}
      </svg>
      <p id={hintId} className="sr-only">
        {interactive ? a("hintPlay") : a("hintView")} {lastText}
      </p>
      <p className="sr-only" aria-live="polite" data-testid="board-said">
        {said}
      </p>
    </>
  );
}

export const Board = memo(BoardImpl);
