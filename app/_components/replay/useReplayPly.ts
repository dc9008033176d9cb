"use client";
// The replay's ply: where it starts (?ply=N, else the end), kept in the address for sharing, moved
// by ←/→/Home/End, and following a game in progress while it is at the end. Moving drops the
// heatmap's hovered cell.
import { useCallback, useEffect, useRef, useState } from "react";
import { clampPly, type HeatCell, type ReplayGame } from "@/lib/shared/replay/game";

export function useReplayPly(game: ReplayGame, initialPly: number | null | undefined) {
  const total = game.moves.length;
  const [ply, setPlyRaw] = useState(() => (initialPly == null ? total : clampPly(game, initialPly)));
  const [hover, setHover] = useState<HeatCell | null>(null);
  const atEnd = useRef(ply === total);

  const setPly = useCallback(
    (p: number) => {
      const k = clampPly(game, p);
      atEnd.current = k === game.moves.length;
      setPlyRaw(k);
      setHover(null);
    },
    [game],
  );

  // A game in progress: new moves arrive; follow them if we were at the end.
  const prevTotal = useRef(total);
  useEffect(() => {
    if (total !== prevTotal.current) {
      prevTotal.current = total;
      if (atEnd.current) setPlyRaw(total);
    }
  }, [total]);

  // ?ply=N in the address, for sharing a position.
  useEffect(() => {
    const u = new URL(window.location.href);
    if (ply === total) u.searchParams.delete("ply");
    else u.searchParams.set("ply", String(ply));
    window.history.replaceState(window.history.state, "", u.toString());
  }, [ply, total]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const step: Record<string, () => number> = {
        ArrowLeft: () => ply - 1,
        ArrowRight: () => ply + 1,
        Home: () => 0,
        End: () => game.moves.length,
      };
      if (step[e.key]) {
        e.preventDefault();
        setPly(step[e.key]());
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [ply, game, setPly]);

  return { ply, setPly, hover, setHover };
}
