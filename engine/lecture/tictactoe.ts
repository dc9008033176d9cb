// Tic-tac-toe as a Game: X is MAX and moves first. Utility +1 X wins, −1 O wins, 0 draw.
import type { Game } from "./game";

/** cells[i] for i = 3·row + col: 0 empty, 1 X, 2 O. */
export interface TicTacToeState {
  cells: readonly number[];
  toMove: 1 | 2;
}

const LINES = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

export function ticTacToeWinner(cells: readonly number[]): 0 | 1 | 2 {
  for (const [a, b, c] of LINES) if (cells[a] !== 0 && cells[a] === cells[b] && cells[a] === cells[c]) return cells[a] as 1 | 2;
  return 0;
}

export function ticTacToe(cells: readonly number[] = Array(9).fill(0)): Game<TicTacToeState, number> {
  const start: TicTacToeState = { cells: [...cells], toMove: cells.filter((c) => c === 1).length > cells.filter((c) => c === 2).length ? 2 : 1 };
  return {
    initialState: () => start,
    player: (s) => (s.toMove === 1 ? "MAX" : "MIN"),
    actions: (s) => s.cells.flatMap((c, i) => (c === 0 ? [i] : [])),
    result: (s, i) => {
      const next = [...s.cells];
      next[i] = s.toMove;
      return { cells: next, toMove: s.toMove === 1 ? 2 : 1 };
    },
    isTerminal: (s) => ticTacToeWinner(s.cells) !== 0 || s.cells.every((c) => c !== 0),
    utility: (s) => {
      const w = ticTacToeWinner(s.cells);
      return w === 1 ? 1 : w === 2 ? -1 : 0;
    },
    // Depth-limited play: lines still open for X minus lines still open for O, scaled into (−1, 1).
    evaluate: (s) => {
      let open = 0;
      for (const line of LINES) {
        const v = line.map((i) => s.cells[i]);
        if (!v.includes(2)) open++;
        if (!v.includes(1)) open--;
      }
      return open / 10;
    },
  };
}
