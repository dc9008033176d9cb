// A replay's game as SGF (lib/shared/sgf-write): the replay's and the analysis board's "SGF" buttons.
// Browser-safe.
import type { ReplayGame } from "./game";
import { writeSgf, type SgfGameOut } from "../sgf-write";

/** The game as the SGF writer takes it: names as shown, the game's date, each move's time and score. */
export function sgfGameOf(g: ReplayGame): SgfGameOut {
  return {
    id: g.id,
    size: g.size,
    rule: g.rule,
    opening: g.opening,
    moves: g.moves.map((m) => ({ x: m.x, y: m.y, color: m.color, timeMs: m.timeMs, score: m.score ?? null })),
    black: g.players?.[1] ?? g.black,
    white: g.players?.[2] ?? g.white,
    result: g.result,
    reason: g.reason,
    date: g.createdAt,
  };
}

/** The SGF file of a replay's game; `scores`: each move's score as a comment. */
export const toSgf = (g: ReplayGame, scores = false): string => writeSgf(sgfGameOf(g), { scores });

/** Hands `text` to the browser as a file download. */
export function downloadText(text: string, fileName: string, type = "text/plain"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
