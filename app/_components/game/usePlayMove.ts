"use client";
// Playing a stone from the game page: shown at once as pending (half-transparent) until the server
// answers; a refusal takes it away and is told. A new move (anyone's) clears it.
import { useEffect, useState } from "react";
import type { Point } from "@/engine";
import type { ErrorInfo, GameState } from "@/lib/shared/protocol";
import type { BoardStone } from "../Board";

export function usePlayMove(
  state: GameState | null,
  color: 1 | 2 | null,
  move: (x: number, y: number) => Promise<ErrorInfo | null>,
  refused: (err: ErrorInfo) => void,
): { pending: BoardStone | null; play: (p: Point, myTurn: boolean) => Promise<void> } {
  const [pending, setPending] = useState<BoardStone | null>(null);
  const plies = state?.moves.length ?? 0;
  useEffect(() => setPending(null), [plies]);
  async function play(p: Point, myTurn: boolean) {
    if (!state || !myTurn || pending || color === null) return;
    setPending({ ...p, color: state.toMove });
    const err = await move(p.x, p.y);
    if (err) {
      setPending(null);
      refused(err);
    }
  }
  return { pending, play };
}
