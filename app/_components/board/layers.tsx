"use client";
// The goban's layers, bottom to top (drawn by ../Board): the stones' paint, the grid with its star
// points, the coordinates, the winning line, the stones, the engine's variation, the winning stones'
// rings, the last move, renju's forbidden points, and the hit areas with the hover preview.
import type { Point } from "@/engine";
import { toLabel } from "@/lib/shared/notation";

export interface BoardStone extends Point {
  color: 1 | 2;
  /** Move number shown when numbers are on; opening stones have none. */
  n?: number;
}

export const CELL = 40;
// Room for the coordinates clear of an edge stone (radius 0.46 CELL): the letters and numbers sit
// outside the stones of the first and last rows and columns, never under them.
export const MARGIN = 46;
/** A stone's radius. */
export const R = CELL * 0.46;

export const px = (i: number) => MARGIN + i * CELL;

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

/** The stones' gradients and shadow. */
export function StonePaint() {
  return (
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
  );
}

export function Grid({ size }: { size: number }) {
  const span = (size - 1) * CELL;
  return (
    <>
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
    </>
  );
}

export function Coordinates({ size, letters, full }: { size: number; letters: string[]; full: number }) {
  return (
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
  );
}

/** The winning line, under the stones. */
export function WinLine({ line }: { line: Point[] }) {
  return (
    <line
      x1={px(line[0].x)}
      y1={px(line[0].y)}
      x2={px(line[line.length - 1].x)}
      y2={px(line[line.length - 1].y)}
      stroke="var(--win)"
      strokeWidth={CELL * 0.5}
      strokeLinecap="round"
      opacity={0.55}
    />
  );
}

export function Stone({ s, r, showNumber }: { s: BoardStone; r: number; showNumber: boolean }) {
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

/** The engine's principal variation: faint numbered ghosts on the empty points of its first six moves. */
export function PvGhosts({ pv, firstColor, isOccupied }: { pv: Point[]; firstColor: 1 | 2; isOccupied: (p: Point) => boolean }) {
  return (
    <g pointerEvents="none" data-testid="pv-ghosts">
      {pv.slice(0, 6).map((p, i) => {
        if (isOccupied(p)) return null;
        const c = (i % 2 === 0 ? firstColor : firstColor === 1 ? 2 : 1) as 1 | 2;
        return (
          <g key={`pv${i}`} opacity={0.42}>
            <circle cx={px(p.x)} cy={px(p.y)} r={R * 0.8} fill={c === 1 ? "#111" : "#fafafa"} stroke="#0004" />
            <text x={px(p.x)} y={px(p.y)} fontSize={13} fontWeight={700} textAnchor="middle" dominantBaseline="central" fill={c === 1 ? "#fff" : "#111"}>
              {i + 1}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The last move: a dot, or a ring around its number when numbers are shown. */
export function LastMove({ at, size, showNumbers }: { at: Point; size: number; showNumbers: boolean }) {
  return (
    <circle
      cx={px(at.x)}
      cy={px(at.y)}
      r={showNumbers ? R + 3 : CELL * 0.13}
      fill={showNumbers ? "none" : "var(--last)"}
      stroke={showNumbers ? "var(--last)" : "none"}
      strokeWidth={2.5}
      data-testid="last-move"
      data-label={toLabel(at, size)}
      pointerEvents="none"
    />
  );
}

/** Renju: one of black's forbidden points, a small × with the reason as its tooltip. */
export function ForbiddenMark({ p, size, title }: { p: Point & { reason: string }; size: number; title: string }) {
  const d = CELL * 0.16;
  return (
    <g
      stroke="var(--danger, #c0392b)"
      strokeWidth={2.5}
      strokeLinecap="round"
      pointerEvents="none"
      data-testid={`forbidden-${toLabel(p, size)}`}
      data-reason={p.reason}
    >
      <title>{title}</title>
      <line x1={px(p.x) - d} y1={px(p.y) - d} x2={px(p.x) + d} y2={px(p.y) + d} />
      <line x1={px(p.x) - d} y1={px(p.y) + d} x2={px(p.x) + d} y2={px(p.y) - d} />
    </g>
  );
}

/** The keyboard's cursor (../board/useBoardCursor): a square drawn twice, dark over light, so it shows on the wood and on either stone. */
export function CursorRing({ at, label }: { at: Point; label: string }) {
  const h = CELL / 2 - 1;
  return (
    <g pointerEvents="none" fill="none" data-testid="board-cursor" data-label={label}>
      <rect x={px(at.x) - h} y={px(at.y) - h} width={2 * h} height={2 * h} rx={5} stroke="#fff" strokeWidth={5} />
      <rect x={px(at.x) - h} y={px(at.y) - h} width={2 * h} height={2 * h} rx={5} stroke="var(--focus)" strokeWidth={2.5} />
    </g>
  );
}
