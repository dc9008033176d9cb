// How a seat is named, in one format for the lobby's lists, the game page and the replay.
import type { EngineSettings, Seat } from "./protocol";

/** "AI 0.2 s", "AI 1 s · depth ≤ 6 · mcts": the engine's time a move, its depth cap, its algorithm when not alpha-beta. */
export function engineLabel(e: EngineSettings): string {
  const depth = e.maxDepth ? ` · depth ≤ ${e.maxDepth}` : "";
  const algo = e.algo && e.algo !== "alphabeta" ? ` · ${e.algo}` : "";
  return `AI ${e.timeMs / 1000} s${depth}${algo}`;
}

/** A seat seen from outside the game (lists, replay): "Human" or the engine's label. */
export function seatLabel(seat: { kind: "human" } | { kind: "engine"; engine: EngineSettings } | Seat): string {
  return seat.kind === "human" ? "Human" : engineLabel(seat.engine);
}
