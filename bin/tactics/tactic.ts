// One tactical position with its proven answer: the shape shared by the hand-written positions
// (./positions.ts) and the generated ones (./harvested.ts), apart so neither imports the other.
import type { Color } from "../../engine/types";

export interface Tactic {
  id: string;
  title: string;
  black: string;
  white: string;
  toMove: Color;
  /**
   * A win: length of the shortest forced win, the winner's own moves included (harvested wins of
   * 9–17: the shortest win by fours). A defence: the opponent's threat, its shortest win if the
   * side to move passed.
   */
  plies: number;
  /** Every first move that wins in `plies` (a defence: the one move that holds). */
  solutions: string[];
  /** The intended winning line, by hand (harvested: the solver's). */
  line: string;
  /** "win" when absent. "defence": every move but the solution loses by force (./verify.ts). */
  kind?: "win" | "defence";
  /** Board size, 15 when absent. Always freestyle. */
  size?: number;
}
