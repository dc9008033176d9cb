// What the engine's Game adapters share: states are immutable lists of moves from a root position,
// and one Board is synced (undo to the common prefix, then make) to whichever state is asked about.
import type { Game, PlayerKind } from "../lecture/game";
import type { Color, Position } from "../types";
import type { Board } from "./board";
import { boardOf } from "./position";

export interface MoveListState {
  /** Cells (board indices) played since the root position. */
  readonly moves: readonly number[];
  /** Did the last move make five? */
  readonly lastFive: boolean;
}

export abstract class BoardGame implements Game<MoveListState, number> {
  readonly board: Board;
  protected readonly base: number;
  /** The side to move at the root: MAX. */
  protected readonly first: Color;

  constructor(position: Position) {
    this.board = boardOf(position);
    this.base = this.board.count;
    this.first = position.toMove;
  }

  abstract player(s: MoveListState): PlayerKind;
  abstract actions(s: MoveListState): number[];
  abstract utility(s: MoveListState): number;
  abstract evaluate(s: MoveListState): number;

  /** The colour that plays the i-th move after the root. */
  protected colorAt(i: number): Color {
    return (i % 2 === 0 ? this.first : 3 - this.first) as Color;
  }

  /** Puts the board in state s. */
  protected sync(s: MoveListState): void {
    const b = this.board;
    let common = 0;
    const cur = b.count - this.base;
    while (common < cur && common < s.moves.length && b.stack[this.base + common] === s.moves[common]) common++;
    while (b.count - this.base > common) b.undo();
    for (let i = common; i < s.moves.length; i++) b.make(s.moves[i], this.colorAt(i));
  }

  initialState(): MoveListState {
    return { moves: [], lastFive: false };
  }
  result(s: MoveListState, a: number): MoveListState {
    this.sync(s);
    const lastFive = this.board.isFive(a, this.colorAt(s.moves.length));
    return { moves: [...s.moves, a], lastFive };
  }
  isTerminal(s: MoveListState): boolean {
    if (s.lastFive) return true;
    this.sync(s);
    return this.board.count === this.board.size * this.board.size;
  }
}
