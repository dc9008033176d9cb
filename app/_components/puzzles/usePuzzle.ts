"use client";
// One puzzle's state on the page: the position served, the moves played (yours and the defender's
// replies), the server's verdict on each move, hints. The solution comes only with the verdict.
import { useCallback, useEffect, useState } from "react";
import type { Point } from "@/engine";
import { nextPuzzle, playPuzzleMove, puzzleHint } from "@/lib/client/puzzles";
import { parseLabel, parseMoveString, toLabel } from "@/lib/shared/notation";
import type { HintView, MoveResult, PuzzleMode, PuzzleView } from "@/lib/shared/puzzles/view";
import type { ErrorInfo } from "@/lib/shared/protocol";

export interface Played {
  label: string;
  color: 1 | 2;
}

export interface PuzzleState {
  puzzle: PuzzleView | null;
  /** The server's refusal (its code; the page says it in the reader's language). */
  error: ErrorInfo | null;
  played: Played[];
  /** The last answer: a reply to play on, the end (solved or failed). */
  result: MoveResult | null;
  /** Your last move, when it was wrong. */
  wrong: string | null;
  hint: HintView | null;
  busy: boolean;
}

const other = (c: 1 | 2): 1 | 2 => (c === 1 ? 2 : 1);

export function usePuzzle(mode: PuzzleMode, theme: string, id: string, game = "") {
  const [s, setS] = useState<PuzzleState>({ puzzle: null, error: null, played: [], result: null, wrong: null, hint: null, busy: true });
  const [serial, setSerial] = useState(0);

  useEffect(() => {
    let live = true;
    setS((x) => ({ ...x, busy: true, error: null }));
    // After a game's own puzzle, "next" goes on with rated ones.
    const m = mode === "game" && serial > 0 ? "rated" : mode;
    void nextPuzzle(m, theme || undefined, serial === 0 ? id || undefined : undefined, m === "game" ? game : undefined).then((a) => {
      if (!live) return;
      if (!a.ok) return setS((x) => ({ ...x, busy: false, puzzle: null, error: a.error }));
      const p = a.puzzle;
      const played = p.played.map((label, i) => ({ label, color: i % 2 === 0 ? p.toMove : other(p.toMove) }));
      setS({ puzzle: p, error: null, played, result: null, wrong: null, hint: null, busy: false });
    });
    return () => {
      live = false;
    };
  }, [mode, theme, id, game, serial]);

  const play = useCallback(
    async (pt: Point) => {
      const p = s.puzzle;
      if (!p || s.busy || (s.result && s.result.kind !== "continue")) return;
      const label = toLabel(pt, p.size);
      setS((x) => ({ ...x, busy: true, played: [...x.played, { label, color: p.toMove }], hint: null }));
      const a = await playPuzzleMove(p.attemptId, label);
      if (!a.ok) return setS((x) => ({ ...x, busy: false, played: x.played.slice(0, -1), error: a.error }));
      const r = a.result;
      setS((x) => ({
        ...x,
        busy: false,
        error: null,
        result: r,
        wrong: r.kind === "failed" ? label : null,
        played: r.kind === "continue" ? [...x.played, { label: r.reply, color: other(p.toMove) }] : x.played,
      }));
    },
    [s.puzzle, s.busy, s.result],
  );

  const askHint = useCallback(async () => {
    if (!s.puzzle) return;
    const a = await puzzleHint(s.puzzle.attemptId);
    setS((x) => (a.ok ? { ...x, hint: a.hint } : { ...x, error: a.error }));
  }, [s.puzzle]);

  const next = useCallback(() => setSerial((n) => n + 1), []);
  return { ...s, play, askHint, next };
}

/** The position's stones and the moves played, for the board (played moves numbered from 1). */
export function boardStones(p: PuzzleView, played: Played[]) {
  return [
    ...parseMoveString(p.black, p.size).map((m) => ({ ...m, color: 1 as const })),
    ...parseMoveString(p.white, p.size).map((m) => ({ ...m, color: 2 as const })),
    ...played.map((m, i) => ({ ...parseLabel(m.label, p.size)!, color: m.color, n: i + 1 })),
  ];
}

/** /analysis with the puzzle's position (stones as alternating moves, black first) and what was played. */
export function analysisLink(p: PuzzleView, played: string[]): string {
  const b = parseMoveString(p.black, p.size);
  const w = parseMoveString(p.white, p.size);
  const moves: Point[] = [];
  for (let i = 0; i < Math.max(b.length, w.length); i++) {
    if (b[i]) moves.push(b[i]);
    if (w[i]) moves.push(w[i]);
  }
  const all = [...moves.map((m) => toLabel(m, p.size)), ...played];
  return `/analysis?${new URLSearchParams({ size: String(p.size), rule: p.rule, moves: all.join("") })}`;
}
