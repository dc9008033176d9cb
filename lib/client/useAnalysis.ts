"use client";
// A stored game's analysis as the replay page shows it: read once (and on every reconnection),
// then kept up to date by the broadcasts to the game's room (the replay joins it through useGame).
// The game page reads it too once the game is over (gameId null until then: nothing is asked).
import { useCallback, useEffect, useRef, useState } from "react";
import { applyUpdate, type AnalysisUpdate, type AnalysisView } from "@/lib/shared/analysis";
import { EV, type ErrorInfo } from "@/lib/shared/protocol";
import { getSocket, request } from "./socket";

export interface AnalysisState {
  analysis: AnalysisView | null;
  /** The last refusal or failure to read, for people. */
  error: ErrorInfo | null;
  requesting: boolean;
}

/** `a` is further along than `b` (finished where `b` is not, or more plies done). */
function newer(a: AnalysisView | null, b: AnalysisView | null): boolean {
  if (!a || !b) return !!a;
  const rank = (v: AnalysisView) => (v.status === "done" ? 1 : 0);
  return rank(a) > rank(b) || (rank(a) === rank(b) && a.plies.length > b.plies.length);
}

export function useAnalysis(gameId: string | null): [AnalysisState, { request: () => Promise<void> }] {
  const [state, setState] = useState<AnalysisState>({ analysis: null, error: null, requesting: false });
  const current = useRef<AnalysisView | null>(null);
  const set = useCallback((analysis: AnalysisView | null) => {
    current.current = analysis;
    setState((s) => ({ ...s, analysis }));
  }, []);

  // A refused or failed read is tried again (a refusal says when): a progress bar that missed a
  // broadcast must not stay frozen until the next reconnection.
  const refetch = useCallback(async () => {
    if (gameId === null) return;
    for (let attempt = 0; attempt < 6; attempt++) {
      const ack = await request(EV.analysisGet, { gameId });
      if (ack.ok) {
        // Broadcasts may have come in meanwhile: never step back to an older view.
        if (!newer(current.current, ack.analysis)) set(ack.analysis);
        return;
      }
      if (ack.error.code === "NOT_FOUND") return;
      await new Promise((r) => setTimeout(r, Math.min(5000, Math.max(250, ack.error.retryMs ?? 1000))));
    }
  }, [gameId, set]);

  useEffect(() => {
    if (gameId === null) return;
    const socket = getSocket(gameId);
    const onUpdate = (u: AnalysisUpdate) => {
      if (u.gameId !== gameId) return;
      const next = applyUpdate(current.current, u);
      if (next === "refetch") void refetch();
      else set(next);
    };
    const onConnect = () => void refetch();
    socket.on(EV.analysis, onUpdate);
    socket.on("connect", onConnect);
    if (socket.connected) void refetch();
    return () => {
      socket.off(EV.analysis, onUpdate);
      socket.off("connect", onConnect);
    };
  }, [gameId, refetch, set]);

  const ask = useCallback(async () => {
    if (gameId === null) return;
    setState((s) => ({ ...s, requesting: true, error: null }));
    const ack = await request(EV.analysisRequest, { gameId });
    if (ack.ok) {
      // A broadcast may have come first: keep whichever has more.
      if (!current.current || current.current.done <= ack.analysis.done) set(ack.analysis);
      setState((s) => ({ ...s, requesting: false }));
    } else setState((s) => ({ ...s, requesting: false, error: ack.error }));
  }, [gameId, set]);

  return [state, { request: ask }];
}
