// The lecture's search algorithms over the generic Game interface.
export type { Game, PlayerKind } from "./game";
export * from "./types";
export { minimax } from "./minimax";
export { alphaBeta } from "./alphabeta";
export { expectimax } from "./expectimax";
export * from "./tree";
export { nim, type NimState } from "./nim";
export { ticTacToe, ticTacToeWinner, type TicTacToeState } from "./tictactoe";
export * from "./lecture";
