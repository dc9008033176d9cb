// Gomoku as the lecture's generic Game, built on the engine's own board, evaluation and
// candidate generation, so engine/lecture's plain minimax / alpha-beta can be run on the very
// same tree the fast searcher sees (think(..., { plain: true }) must agree with them).
import type { PlayerKind } from "../lecture/game";
import type { Color, Point } from "../types";
import { BoardGame, type MoveListState } from "../board/board-game";
import { GEN_ALL, generateMoves } from "../board/movegen";
import { MATE } from "./alphabeta";

export type GomokuState = MoveListState;

export class GomokuGame extends BoardGame {
  private readonly bufMoves = new Int16Array(400);
  private readonly bufScores = new Int32Array(400);
  private readonly noHistory = new Int32Array(3 * 30 * 30);

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
