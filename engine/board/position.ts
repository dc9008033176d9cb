// The search board of a public Position, and whether a position handed in is already decided:
// every searcher (alpha-beta, MCTS, casual) starts from these.
import type { Position } from "../types";
import { Board } from "./board";

/** A Board holding the position's stones (throws on a bad position). */
export function boardOf(position: Position): Board {
  const b = new Board(position.size, position.rule);
  for (const s of position.stones) {
    const q = b.index(s.x, s.y);
    if (s.x < 0 || s.y < 0 || s.x >= position.size || s.y >= position.size || b.cells[q] !== 0) throw new RangeError(`bad stone (${s.x},${s.y})`);
    b.make(q, s.color);
  }
  return b;
}

/** The colour with a five on the board, or 0 (a position handed in may already be decided). */
export function winnerOnBoard(b: Board): number {
  for (let i = 0; i < b.count; i++) {
    const q = b.stack[i];
    if (lineFive(b, q, b.cells[q])) return b.cells[q];
  }
  return 0;
}

function lineFive(b: Board, q: number, c: number): boolean {
  for (let d = 0; d < 4; d++) {
    const o = b.dirs[d];
    let len = 1;
    for (let r = q + o; b.cells[r] === c; r += o) len++;
    for (let r = q - o; b.cells[r] === c; r -= o) len++;
    if (b.rule === "exact5" || (b.rule === "renju" && c === 1) ? len === 5 : len >= 5) return true;
  }
  return false;
}
