// How a seat is named, in one format for the lobby's lists, the game page and the replay.
import type { EngineSettings, Seat } from "./protocol";

/** "AI level 4", "AI 0.2 s", "AI 1 s · depth ≤ 6 · mcts": a level, or the engine's time a move, its depth cap, its algorithm when not alpha-beta. */
// (app/_components/i18n/words.ts useListedName reads this format back to translate it: keep them in step.)
export function engineLabel(e: EngineSettings): string {
  // A level (engine/levels) is its own setting: its time and depth come with it.
  if (e.level) return `AI level ${e.level}`;
  const depth = e.maxDepth ? ` · depth ≤ ${e.maxDepth}` : "";
  const algo = e.algo && e.algo !== "alphabeta" ? ` · ${e.algo}` : "";
  return `AI ${e.timeMs / 1000} s${depth}${algo}`;
}

/** A seat seen from outside the game (lists, replay): "Human", an imported game's name from its file, or the engine's label. */
export function seatLabel(seat: { kind: "human"; name?: string } | { kind: "engine"; engine: EngineSettings } | Seat): string {
  return seat.kind === "human" ? seat.name || "Human" : engineLabel(seat.engine);
}

/** A player's page (next.config.js rewrites /@/<name> to app/player/[name]). */
export const playerHref = (name: string) => `/@/${encodeURIComponent(name)}`;
