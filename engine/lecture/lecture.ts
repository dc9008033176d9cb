// The lecture's examples, ready to search (tests, the engine bench, later the animation page).
import type { Game } from "./game";
import { alphaBeta } from "./alphabeta";
import { minimax } from "./minimax";
import { nim } from "./nim";
import { ticTacToe } from "./tictactoe";
import { type TreeSpec, buildTree, treeGame } from "./tree";

/** AIMA Figure 5.2/5.5: A (MAX) over B, C, D (MIN). Minimax value 3; alpha-beta prunes C's 4 and 6. */
export const AIMA_FIG_5_5: TreeSpec = [
  [3, 12, 8],
  [2, 4, 6],
  [14, 5, 2],
];

/** The three-level exercise: MAX, MIN, MAX, then leaves. Value 11. */
export const EXERCISE_TREE: TreeSpec = [
  [
    [3, 11],
    [2, 13, 7, 8, 6],
  ],
  [
    [0, 4, 5],
    [1, 15],
  ],
];

/** The expectimax example: one chance node over 8, 24, −12 with probabilities 1/2, 1/3, 1/6. Value 10. */
export const EXPECTIMAX_EXAMPLE: TreeSpec = {
  chance: [
    { p: "1/2", node: 8 },
    { p: "1/3", node: 24 },
    { p: "1/6", node: -12 },
  ],
};

export const lectureTrees = {
  aima: buildTree(AIMA_FIG_5_5),
  exercise: buildTree(EXERCISE_TREE),
  expectimax: buildTree(EXPECTIMAX_EXAMPLE),
};

/** The deterministic two-player examples, by name. */
export function lectureGames(): Array<{ name: string; game: Game<unknown, unknown> }> {
  return [
    { name: "AIMA figure 5.5", game: treeGame(lectureTrees.aima) },
    { name: "three-level exercise", game: treeGame(lectureTrees.exercise) },
    { name: "nim 4", game: nim(4) },
    { name: "tic-tac-toe", game: ticTacToe() },
  ];
}

/** Nodes visited by full-depth minimax and alpha-beta on each lecture game (tic-tac-toe: ~550k minimax nodes). */
export function lectureNodeRatios(): Array<{ game: string; minimaxNodes: number; alphaBetaNodes: number }> {
  return lectureGames().map(({ name, game }) => ({
    game: name,
    minimaxNodes: minimax(game).stats.nodes,
    alphaBetaNodes: alphaBeta(game).stats.nodes,
  }));
}
