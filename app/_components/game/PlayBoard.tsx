"use client";
// The game page's board for the player: move confirmation on touch screens (a ghost stone, then a
// second tap or Play: ../board/useMoveConfirm) and, for big boards on a small screen, a zoom toggle
// (the board at 1.8× in a box that scrolls, centred on the ghost or the last move). Pinching zooms
// the page as well (the board allows it: touch-action manipulation).
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { Point } from "@/engine";
import { toLabel } from "@/lib/shared/notation";
import { Board, type BoardProps } from "../Board";
import { CELL, MARGIN, R, px } from "../board/layers";
import { useMoveConfirm } from "../board/useMoveConfirm";

const ZOOM = 1.8;

export function PlayBoard(board: BoardProps) {
  // A stone more or fewer (a move, a takeback) clears the ghost.
  const plies = board.stones.length;
  const t = useTranslations("alerts.board");
  const interactive = board.previewColor != null && !!board.onPlay;
  const { ghost, onTap, confirm, cancel } = useMoveConfirm(board.onPlay, plies, interactive);
  const [zoom, setZoom] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const focus = ghost ?? board.lastMove ?? null;
  useCentreOn(scroller, zoom, focus, board.size);

  const ghostColor = board.previewColor ?? 1;
  const label = ghost ? toLabel(ghost, board.size) : "";
  return (
    <div>
      <div ref={scroller} className={zoom ? "max-h-[75vh] overflow-auto rounded-md" : undefined} data-testid="board-scroller" data-zoom={zoom}>
        <div style={zoom ? { width: `${ZOOM * 100}%` } : undefined}>
          <Board
            {...board}
            onPlay={board.onPlay ? onTap : undefined}
            overlay={ghost ? () => <Ghost at={ghost} color={ghostColor} label={label} /> : board.overlay}
          />
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-end gap-2 empty:hidden">
        {ghost && (
          <div className="mr-auto flex min-w-0 flex-1 items-center gap-2" role="status" data-testid="ghost-bar">
            <span className="min-w-0 flex-1 text-sm text-muted">{t("ghostHint", { point: label })}</span>
            <button type="button" className="btn-primary px-3 py-1.5" onClick={confirm} data-testid="ghost-confirm">
              {t("confirm", { point: label })}
            </button>
            <button type="button" className="btn-ghost px-3 py-1.5" onClick={cancel} data-testid="ghost-cancel">
              {t("cancel")}
            </button>
          </div>
        )}
        {board.size >= 15 && (
          <button type="button" className="btn-ghost px-3 py-1.5 lg:hidden" aria-pressed={zoom} onClick={() => setZoom((z) => !z)} data-testid="board-zoom">
            {zoom ? t("zoomOut") : t("zoomIn")}
          </button>
        )}
      </div>
    </div>
  );
}

/** The stone a second tap would play: see-through, with a dashed ring. */
function Ghost({ at, color, label }: { at: Point; color: 1 | 2; label: string }) {
  return (
    <g pointerEvents="none" data-testid="ghost-stone" data-point={label}>
      <circle cx={px(at.x)} cy={px(at.y)} r={R} fill={`url(#stone-${color === 1 ? "black" : "white"})`} opacity={0.55} />
      <circle cx={px(at.x)} cy={px(at.y)} r={R + 3} fill="none" stroke="var(--color-accent)" strokeWidth={2.5} strokeDasharray="5 4" />
    </g>
  );
}

/** When zoomed, scroll the box so the point (else the centre) is in the middle; again when the point moves out of sight. */
function useCentreOn(scroller: React.RefObject<HTMLDivElement | null>, zoom: boolean, at: Point | null, size: number) {
  const x = at?.x ?? (size - 1) / 2;
  const y = at?.y ?? (size - 1) / 2;
  const has = at !== null;
  useEffect(() => {
    const el = scroller.current;
    if (!zoom || !el) return;
    const full = (size - 1) * CELL + 2 * MARGIN;
    const cx = (px(x) / full) * el.scrollWidth;
    const cy = (px(y) / full) * el.scrollWidth; // square board: its height is its width
    const seen = cx > el.scrollLeft && cx < el.scrollLeft + el.clientWidth && cy > el.scrollTop && cy < el.scrollTop + el.clientHeight;
    if (!seen || !has) el.scrollTo({ left: cx - el.clientWidth / 2, top: cy - el.clientHeight / 2 });
  }, [zoom, x, y, has, size, scroller]);
}
