// The rules of gomoku on plain data: what the server validates with and the pages render with.
// The searcher has its own fast board (engine/board); this file favours clarity.
import { type Color, type Point, type Position, type Rule, type Stone, MAX_SIZE, MIN_SIZE, other } from "./types";
import { DOUBLE_FOUR, DOUBLE_THREE, OVERLINE, forbiddenAt } from "./board/renju";

export const DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
];

export function isValidSize(size: number): boolean {
  return Number.isInteger(size) && size >= MIN_SIZE && size <= MAX_SIZE;
}

export const onBoard = (size: number, x: number, y: number) => Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < size && y < size;

/** The lab's four opening stones, placed around the centre (on 11×11 exactly the lab's squares). */
export function labOpening(size: number): Stone[] {
  const c = Math.floor(size / 2);
  return [
    { x: c, y: c, color: 1 }, // lab: x at row 5, col 5
    { x: c + 1, y: c, color: 1 }, // lab: x at row 5, col 6
    { x: c, y: c + 1, color: 2 }, // lab: o at row 6, col 5
    { x: c - 1, y: c, color: 2 }, // lab: o at row 5, col 4
  ];
}

/** Cells as a flat array, index y*size+x, 0 empty, 1 black, 2 white. */
export function cellsOf(size: number, stones: readonly Stone[]): Uint8Array {
  const cells = new Uint8Array(size * size);
  for (const s of stones) cells[s.y * size + s.x] = s.color;
  return cells;
}

export type MoveError = "OFF_BOARD" | "OCCUPIED" | "FORBIDDEN";

/** Why a point is forbidden for black under renju. */
export type Forbidden = "double-three" | "double-four" | "overline";

/** People's words for a Forbidden reason ("double three"). */
export const forbiddenText = (f: Forbidden): string => f.replace("-", " ");

const PADDING = 5;

/** The board as the renju check reads it: 5 wall cells (3) around, index (y+5)·(size+10) + x+5. */
function padded(size: number, cells: Uint8Array): { pad: Uint8Array; dirs: Int32Array; W: number } {
  const W = size + 2 * PADDING;
  const pad = new Uint8Array(W * W).fill(3);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) pad[(y + PADDING) * W + x + PADDING] = cells[y * size + x];
  return { pad, dirs: new Int32Array([1, W, W + 1, W - 1]), W };
}

const REASONS: Record<number, Forbidden> = { [DOUBLE_THREE]: "double-three", [DOUBLE_FOUR]: "double-four", [OVERLINE]: "overline" };

/** Renju: is the empty point p forbidden for black on these cells, and why (null: allowed). */
export function forbiddenReason(size: number, cells: Uint8Array, p: Point): Forbidden | null {
  if (!onBoard(size, p.x, p.y) || cells[p.y * size + p.x] !== 0) return null;
  const { pad, dirs, W } = padded(size, cells);
  return REASONS[forbiddenAt(pad, dirs, (p.y + PADDING) * W + p.x + PADDING)] ?? null;
}

/** Renju: every point forbidden for black on these cells (the board's × marks), with the reason. */
export function forbiddenPoints(size: number, cells: Uint8Array): Array<Point & { reason: Forbidden }> {
  const { pad, dirs, W } = padded(size, cells);
  const out: Array<Point & { reason: Forbidden }> = [];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const q = (y + PADDING) * W + x + PADDING;
      if (pad[q] !== 0) continue;
      const reason = REASONS[forbiddenAt(pad, dirs, q)];
      if (reason) out.push({ x, y, reason });
    }
  return out;
}

/** Does `color` win with `len` stones in a row under `rule`? */
export function winsWith(rule: Rule, color: Color, len: number): boolean {
  return rule === "exact5" || (rule === "renju" && color === 1) ? len === 5 : len >= 5;
}

export function moveError(size: number, cells: Uint8Array, p: Point): MoveError | null {
  if (!onBoard(size, p.x, p.y)) return "OFF_BOARD";
  if (cells[p.y * size + p.x] !== 0) return "OCCUPIED";
  return null;
}

/**
 * The winning line through p for the stone of `color` already at p, or null.
 * freestyle: a run of five or more; exact5: a run of exactly five; renju: exactly five for black, five or more for white.
 */
export function winningLine(size: number, rule: Rule, cells: Uint8Array, p: Point, color: Color): Point[] | null {
  for (const [dx, dy] of DIRECTIONS) {
    const line: Point[] = [{ x: p.x, y: p.y }];
    for (const sign of [1, -1]) {
      let x = p.x + dx * sign;
      let y = p.y + dy * sign;
      while (onBoard(size, x, y) && cells[y * size + x] === color) {
        if (sign === 1) line.push({ x, y });
        else line.unshift({ x, y });
        x += dx * sign;
        y += dy * sign;
      }
    }
    if (winsWith(rule, color, line.length)) return line;
  }
  return null;
}

/** Side to move given the stones: black when both have as many stones, else the side with fewer. */
export function sideToMove(stones: readonly Stone[]): Color {
  let black = 0;
  let white = 0;
  for (const s of stones) {
    if (s.color === 1) black++;
    else white++;
  }
  return black <= white ? 1 : 2;
}

export interface Outcome {
  winner: Color | null;
  line: Point[] | null;
  full: boolean;
}

/** A move replay refused: its index in `moves` (0-based) and why (WON: the game was already won). */
export class ReplayError extends Error {
  constructor(
    readonly index: number,
    readonly reason: MoveError | "WON",
    message: string,
    /** FORBIDDEN: which foul. */
    readonly forbidden?: Forbidden,
  ) {
    super(message);
    this.name = "ReplayError";
  }
}

/**
 * Plays `moves` alternately after `opening`, starting with `first`, and reports the outcome.
 * Throws ReplayError at the first move off the board, on a taken point or after a win.
 */
export function replay(size: number, rule: Rule, opening: readonly Stone[], moves: readonly Point[], first: Color = 1) {
  const stones: Stone[] = [...opening];
  const cells = cellsOf(size, stones);
  let color = first;
  let outcome: Outcome = { winner: null, line: null, full: false };
  for (const [i, m] of moves.entries()) {
    const err = moveError(size, cells, m);
    if (err) throw new ReplayError(i, err, `move ${i + 1} (${m.x},${m.y}): ${err}`);
    if (outcome.winner) throw new ReplayError(i, "WON", `move ${i + 1}: the game was already won`);
    if (rule === "renju" && color === 1) {
      const why = forbiddenReason(size, cells, m);
      if (why) throw new ReplayError(i, "FORBIDDEN", `move ${i + 1} (${m.x},${m.y}): forbidden for black (${forbiddenText(why)})`, why);
    }
    cells[m.y * size + m.x] = color;
    stones.push({ x: m.x, y: m.y, color });
    const line = winningLine(size, rule, cells, m, color);
    outcome = { winner: line ? color : null, line, full: stones.length === size * size };
    color = other(color);
  }
  const position: Position = { size, rule, stones, toMove: color };
  return { position, cells, outcome };
}
