// The analysis board's engine: engine/ unchanged, in a Web Worker, so exploring costs the server
// nothing. One search per message; the page stops a search by terminating the worker (think() is
// synchronous, so that is the one way to stop it at once).
import { think, type Analysis, type Position, type Progress } from "@/engine";

export interface EngineRequest {
  id: number;
  position: Position;
  timeMs: number;
}
export type EngineReport = { id: number; type: "progress"; progress: Progress } | { id: number; type: "done"; analysis: Analysis };

const post = (r: EngineReport) => (self as unknown as { postMessage(m: EngineReport): void }).postMessage(r);

self.onmessage = (e: MessageEvent<EngineRequest>) => {
  const { id, position, timeMs } = e.data;
  // Only the best move's score needs to be exact here: the board shows the line, not a heatmap.
  const analysis = think(position, { timeMs, exactRootScores: false, onProgress: (progress) => post({ id, type: "progress", progress }) });
  post({ id, type: "done", analysis });
};
