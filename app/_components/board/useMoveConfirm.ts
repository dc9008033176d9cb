"use client";
// Move confirmation for the board (lib/client/move-confirm decides): on a touch screen, unless turned
// off in the nav's sound-and-alerts panel, a first tap shows a ghost stone and a second one plays it.
// A move made by anyone, or the turn gone, clears the ghost.
import { useCallback, useEffect, useState } from "react";
import type { Point } from "@/engine";
import { confirmsMoves } from "@/lib/client/alert-rules";
import { tap } from "@/lib/client/move-confirm";
import { useCoarsePointer, usePrefs } from "../alerts/usePrefs";

export interface MoveConfirm {
  /** The point shown as a ghost, waiting for a second tap or Play. */
  ghost: Point | null;
  /** Moves ask for a second tap (touch screen, or the setting "always"). */
  confirming: boolean;
  /** The board's onPlay: a first tap shows, a second plays. */
  onTap: (p: Point) => void;
  /** Play the ghost now. */
  confirm: () => void;
  cancel: () => void;
}

export function useMoveConfirm(onPlay: ((p: Point) => void) | undefined, plies: number, interactive: boolean): MoveConfirm {
  const prefs = usePrefs();
  const coarse = useCoarsePointer();
  const confirming = confirmsMoves(prefs.confirmMoves, coarse);
  const [ghost, setGhost] = useState<Point | null>(null);
  useEffect(() => setGhost(null), [plies, interactive, confirming]);
  const onTap = useCallback(
    (p: Point) => {
      const r = tap(ghost, p, confirming);
      setGhost(r.ghost);
      if (r.play) onPlay?.(r.play);
    },
    [ghost, confirming, onPlay],
  );
  const confirm = useCallback(() => {
    if (!ghost) return;
    setGhost(null);
    onPlay?.(ghost);
  }, [ghost, onPlay]);
  const cancel = useCallback(() => setGhost(null), []);
  return { ghost, confirming, onTap, confirm, cancel };
}
