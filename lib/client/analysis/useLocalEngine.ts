"use client";
// Runs the engine in a Web Worker on the position given, while `running`: reports every completed
// depth (score, line, nodes, time), and stops at once (the worker is terminated) when the position
// changes, the user stops it, or the page goes away.
import { useEffect, useState } from "react";
import type { Position, Progress } from "@/engine";
import type { EngineReport, EngineRequest } from "./engine.worker";

/** "Infinite" analysis: until stopped, or half an hour. */
export const INFINITE_MS = 30 * 60_000;

export interface LocalEngineView {
  /** The latest completed depth for the position shown (null: nothing yet). */
  progress: Progress | null;
  /** The search has finished by itself (a forced result found, or the time ran out). */
  finished: boolean;
  /** When the current search started (ms since the epoch), for the clock. */
  startedAt: number | null;
  /** The worker could not start, or stopped; detail: the browser's own words (the page words the rest). */
  error: { kind: "start" | "stopped"; detail: string } | null;
}

export function useLocalEngine(position: Position | null, running: boolean, timeMs = INFINITE_MS): LocalEngineView {
  const [view, setView] = useState<LocalEngineView>({ progress: null, finished: false, startedAt: null, error: null });
  const key = position ? JSON.stringify(position) : "";

  useEffect(() => {
    if (!running || !position) {
      setView((v) => ({ ...v, startedAt: null }));
      return;
    }
    let worker: Worker;
    try {
      worker = new Worker(new URL("./engine.worker.ts", import.meta.url), { type: "module" });
    } catch (e) {
      setView({ progress: null, finished: false, startedAt: null, error: { kind: "start", detail: (e as Error).message } });
      return;
    }
    const id = Date.now();
    setView({ progress: null, finished: false, startedAt: Date.now(), error: null });
    worker.onmessage = (e: MessageEvent<EngineReport>) => {
      const r = e.data;
      if (r.id !== id) return;
      if (r.type === "progress") setView((v) => ({ ...v, progress: r.progress }));
      else
        setView((v) => ({
          ...v,
          finished: true,
          startedAt: null,
          progress: v.progress ?? {
            depth: r.analysis.depth,
            score: r.analysis.score,
            nodes: r.analysis.nodes,
            timeMs: r.analysis.timeMs,
            pv: r.analysis.pv,
            move: r.analysis.move,
          },
        }));
    };
    worker.onerror = (e) => setView((v) => ({ ...v, startedAt: null, error: { kind: "stopped", detail: e.message } }));
    worker.postMessage({ id, position, timeMs } satisfies EngineRequest);
    return () => worker.terminate();
    // The position is compared by value (key): a new array with the same stones is the same search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, running, timeMs]);

  return view;
}
