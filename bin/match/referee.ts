// The manager's own rules check: every ply is validated and adjudicated here, never trusted to a brain.
import type { Color, Point, Rule } from "../../engine/types";
import { forbiddenReason, forbiddenText, moveError, onBoard, winningLine } from "../../engine/rules";

export type PlyResult =
  { kind: "ok" } | { kind: "win"; line: Point[] } | { kind: "draw"; reason: "full board" | "move cap" } | { kind: "illegal"; reason: string };

export class Referee {
  readonly cells: Uint8Array;
  readonly moves: Point[] = [];
  finished = false;

  /** maxMoves: the game is drawn once this many stones are on the board (0 = no cap). */
  constructor(
    readonly size: number,
    readonly rule: Rule,
    readonly maxMoves = 0,
  ) {
    this.cells = new Uint8Array(size * size);
  }

  /** Black moves first: black after an even number of plies. */
  get toMove(): Color {
    return this.moves.length % 2 === 0 ? 1 : 2;
  }

  /** Plays p for the side to move and says what it did. */
  play(p: Point): PlyResult {
    if (this.finished) return { kind: "illegal", reason: "the game is over" };
    if (!Number.isInteger(p.x) || !Number.isInteger(p.y) || !onBoard(this.size, p.x, p.y))
      return { kind: "illegal", reason: `${p.x},${p.y} is off the ${this.size}x${this.size} board` };
    const err = moveError(this.size, this.cells, p);
    if (err) return { kind: "illegal", reason: `${p.x},${p.y} is occupied` };
    const color = this.toMove;
    const forbidden = this.rule === "renju" && color === 1 ? forbiddenReason(this.size, this.cells, p) : null;
    if (forbidden) return { kind: "illegal", reason: `${p.x},${p.y} is forbidden for black (${forbiddenText(forbidden)})` };
    this.cells[p.y * this.size + p.x] = color;
    this.moves.push({ x: p.x, y: p.y });
    const line = winningLine(this.size, this.rule, this.cells, p, color);
    if (line) {
      this.finished = true;
      return { kind: "win", line };
    }
    if (this.moves.length === this.size * this.size) {
      this.finished = true;
      return { kind: "draw", reason: "full board" };
    }
    if (this.maxMoves > 0 && this.moves.length >= this.maxMoves) {
      this.finished = true;
      return { kind: "draw", reason: "move cap" };
    }
    return { kind: "ok" };
  }
}
