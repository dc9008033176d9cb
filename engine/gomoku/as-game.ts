// Gomoku as the lecture's generic Game, built on the engine's own board, evaluation and
// candidate generation, so engine/search's plain minimax / alpha-beta can be run on the very
// same tree the fast searcher sees (think(..., { plain: true }) must agree with them).
// States are immutable move lists; one shared Board is synced to whichever state is asked about.
import type { Game, PlayerKind } from "../search/game";
import type { Color, Point, Position } from "../types";
import type { Board } from "./board";
import { GEN_ALL, generateMoves } from "./movegen";
import { MATE } from "./search";
import { boardOf } from "./think";

export interface GomokuState {
  /** Cells (board indices) played since the root position. */
  readonly moves: readonly number[];
  /** Did the last move make five? */
  readonly lastFive: boolean;
}

export class GomokuGame implements Game<GomokuState, number> {
  readonly board: Board;
  private readonly base: number;
  private readonly first: Color;
  private readonly bufMoves = new Int16Array(400);
  private readonly bufScores = new Int32Array(400);
  private readonly noHistory = new Int32Array(3 * 29 * 29);

  constructor(position: Position) {
    this.board = boardOf(position);
    this.base = this.board.count;
    this.first = position.toMove;
  }

  /** The colour of MAX (the side to move in the root position). */
  get maxColor(): Color {
    return this.first;
  }
  cell(p: Point): number {
    return this.board.index(p.x, p.y);
  }
  point(q: number): Point {
    return { x: this.board.xOf(q), y: this.board.yOf(q) };
  }

  private colorAt(i: number): Color {
    return (i % 2 === 0 ? this.first : 3 - this.first) as Color;
  }

  private sync(s: GomokuState): void {
    const b = this.board;
    let common = 0;
    const cur = b.count - this.base;
    while (common < cur && common < s.moves.length && b.stack[this.base + common] === s.moves[common]) common++;
    while (b.count - this.base > common) b.undo();
    for (let i = common; i < s.moves.length; i++) b.make(s.moves[i], this.colorAt(i));
  }

  initialState(): GomokuState {
    return { moves: [], lastFive: false };
  }
  player(s: GomokuState): PlayerKind {
    return s.moves.length % 2 === 0 ? "MAX" : "MIN";
  }
  actions(s: GomokuState): number[] {
    this.sync(s);
    const side = this.colorAt(s.moves.length);
    const n = generateMoves(this.board, side, GEN_ALL, this.bufMoves, this.bufScores, 0, this.noHistory, 0, -1, -1, -1);
    const idx = Array.from({ length: n }, (_, i) => i).sort((a, b) => this.bufScores[b] - this.bufScores[a]);
    return idx.map((i) => this.bufMoves[i]);
  }
  result(s: GomokuState, a: number): GomokuState {
    this.sync(s);
    const lastFive = this.board.isFive(a, this.colorAt(s.moves.length));
    return { moves: [...s.moves, a], lastFive };
  }
  isTerminal(s: GomokuState): boolean {
    if (s.lastFive) return true;
    this.sync(s);
    return this.board.count === this.board.size * this.board.size;
  }
  utility(s: GomokuState): number {
    if (!s.lastFive) return 0;
    // The side that made the last move won.
    return this.colorAt(s.moves.length - 1) === this.first ? MATE : -MATE;
  }
  evaluate(s: GomokuState): number {
    this.sync(s);
    const side = this.colorAt(s.moves.length);
    const e = this.board.evaluate(side);
    return side === this.first ? e : -e;
  }
}
