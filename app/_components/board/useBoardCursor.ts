"use client";
// The board's keyboard cursor (issue 32): the board is one tab stop; arrows move a cursor over the
// points, Home/End go to the row's ends, Enter or Space plays the point, L reads the last move. Each
// move of the cursor is said through the board's live region ("h8, empty" / "h8, black"). The arrows
// stop here: a page that steps with them (the replay) steps only when the board has no focus.
import { useCallback, useState, type FocusEvent, type KeyboardEvent } from "react";
import { useTranslations } from "next-intl";
import type { Point } from "@/engine";
import { toLabel } from "@/lib/shared/notation";
import type { BoardStone } from "./layers";

export interface BoardCursorInput {
  size: number;
  occupied: Map<number, BoardStone>;
  lastMove?: Point | null;
  /** Whether Enter plays (a colour to place and a handler), and the handler. */
  interactive: boolean;
  onPlay?: (p: Point) => void;
}

const STEPS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function useBoardCursor({ size, occupied, lastMove, interactive, onPlay }: BoardCursorInput) {
  const t = useTranslations("a11y.board");
  const [cursor, setCursor] = useState<Point | null>(null);
  /** Shown (the ring drawn) while the board has the keyboard's focus. */
  const [shown, setShown] = useState(false);
  const [said, setSaidRaw] = useState("");
  // The same sentence twice ("h8 is taken", again) is said again: a live region speaks on change.
  const setSaid = useCallback((text: string) => setSaidRaw((prev) => (prev === text ? `${text}\u00a0` : text)), []);

  const describe = useCallback(
    (p: Point) => {
      const st = occupied.get(p.y * size + p.x);
      const point = toLabel(p, size);
      return st ? t("pointStone", { point, color: st.color }) : t("pointEmpty", { point });
    },
    [occupied, size, t],
  );
  const lastText = useCallback(
    () => (lastMove ? t("lastMove", { point: toLabel(lastMove, size), color: occupied.get(lastMove.y * size + lastMove.x)?.color ?? 1 }) : t("noMoveYet")),
    [lastMove, occupied, size, t],
  );

  const onFocus = useCallback(
    (e: FocusEvent<SVGSVGElement>) => {
      const keyboard = e.currentTarget.matches(":focus-visible");
      setShown(keyboard);
      const c = size >> 1;
      setCursor((cur) => cur ?? (lastMove ? { x: lastMove.x, y: lastMove.y } : { x: c, y: c }));
    },
    [lastMove, size],
  );
  const onBlur = useCallback(() => setShown(false), []);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<SVGSVGElement>) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const c = size >> 1;
      const at = cursor ?? { x: c, y: c };
      const step = STEPS[e.key];
      let next: Point | null = null;
      if (step) next = { x: Math.min(size - 1, Math.max(0, at.x + step[0])), y: Math.min(size - 1, Math.max(0, at.y + step[1])) };
      else if (e.key === "Home") next = { x: 0, y: at.y };
      else if (e.key === "End") next = { x: size - 1, y: at.y };
      if (next) {
        e.preventDefault();
        e.stopPropagation();
        setShown(true);
        setCursor(next);
        setSaid(describe(next));
        return;
      }
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        setShown(true);
        setCursor(at);
        if (occupied.has(at.y * size + at.x)) setSaid(t("taken", { point: toLabel(at, size) }));
        else if (interactive && onPlay) onPlay(at);
        else setSaid(t("notNow", { point: toLabel(at, size) }));
        return;
      }
      if (e.key === "l" || e.key === "L") {
        e.preventDefault();
        setSaid(lastText());
      }
    },
    [cursor, size, describe, occupied, interactive, onPlay, t, lastText, setSaid],
  );

  return { cursor: shown ? cursor : null, said, lastText: lastText(), handlers: { onFocus, onBlur, onKeyDown } };
}
