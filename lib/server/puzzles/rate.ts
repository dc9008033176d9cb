// Glicko-2 for puzzles, as lichess: a try at a puzzle is a game between the player and the puzzle
// (solved: the player wins), so a puzzle's rating moves as people solve it or fail.
import { rateGame, type Glicko } from "../ratings/glicko";
import { DEFAULT_RATING } from "../../shared/pools";

export const NEW_PLAYER: Glicko = { rating: DEFAULT_RATING.rating, rd: DEFAULT_RATING.rd, vol: DEFAULT_RATING.vol };
/** A new puzzle: its start from the miner (length, branching), unsure. */
export const newPuzzle = (rating: number): Glicko => ({ rating, rd: 250, vol: DEFAULT_RATING.vol });

export function ratePuzzleTry(player: Glicko, puzzle: Glicko, solved: boolean): { player: Glicko; puzzle: Glicko } {
  const r = rateGame(player, puzzle, solved ? 1 : 0);
  return { player: r.a, puzzle: r.b };
}
