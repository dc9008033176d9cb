"use client";
// The board's hit areas, one per point (data-testid pt-<label>, data-stone), with the hover preview of
// the stone a click would place. For the mouse: hidden from assistive technology, which has the
// board's keyboard cursor (./useBoardCursor) instead.
import type { Point } from "@/engine";
import { toLabel } from "@/lib/shared/notation";
import { CELL, R, px, type BoardStone } from "./layers";

export interface HitAreasProps {
  size: number;
  /** The stones by point (y × size + x). */
  occupied: Map<number, BoardStone>;
  /** Clicks place a stone (a colour to place and a handler). */
  interactive: boolean;
  pending?: BoardStone | null;
  previewColor: 1 | 2 | null;
  onPlay?: (p: Point) => void;
}

export function HitAreas({ size, occupied, interactive, pending, previewColor, onPlay }: HitAreasProps) {
  return (
    <g aria-hidden="true">
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
                r={R}
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
              aria-disabled={!canPlay}
              data-testid={`pt-${label}`}
              data-stone={st ? st.color : 0}
              onClick={canPlay ? () => onPlay!({ x, y }) : undefined}
            />
          </g>
        );
      })}
    </g>
  );
}
