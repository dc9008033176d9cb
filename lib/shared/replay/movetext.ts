// Move strings ("h8i9j10", "h8 i9 j10", "1. h8 i9 2. j10", one move a line…) read with the line and
// column of anything wrong, and the one place that decides whether a pasted text is a PSQ file or a
// move string. Browser-safe.
import type { Point, Rule, Stone } from "../../../engine";
import { cellsOf, winningLine } from "../../../engine";
import { parseLabel } from "../notation";
import { ImportError, parsePsq, type PsqMove } from "../psq";

/**
 * Reads a move string on a size×size board. Separators (spaces, commas, semicolons, newlines) and
 * move numbers ("12.") are skipped. Throws ImportError with the line and column of the first bad token.
 */
export function parseMoveText(text: string, size: number, rule: Rule = "freestyle"): Point[] {
  const moves: Point[] = [];
  const where: Array<{ line: number; column: number }> = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  for (const [li, line] of lines.entries()) {
    let at = 0;
    while (at < line.length) {
      const rest = line.slice(at);
      const skip = /^(?:[\s,;]+|\d+\.+)/.exec(rest);
      if (skip) {
        at += skip[0].length;
        continue;
      }
      const m = /^([a-zA-Z])(\d{1,2})(?![0-9])/.exec(rest);
      const column = at + 1;
      if (!m) {
        const token = /^\S{1,8}/.exec(rest)?.[0] ?? rest.slice(0, 8);
        throw new ImportError(li + 1, column, `cannot read a move at "${token}" (expected a column letter and a row number, like h8)`);
      }
      const p = parseLabel(m[1] + m[2], size);
      if (!p) throw new ImportError(li + 1, column, `"${m[0]}" is not on a ${size}×${size} board (a1 to ${String.fromCharCode(96 + size)}${size})`);
      const dup = moves.findIndex((q) => q.x === p.x && q.y === p.y);
      if (dup >= 0) throw new ImportError(li + 1, column, `"${m[0]}" is already taken (move ${dup + 1}, line ${where[dup].line})`);
      moves.push(p);
      where.push({ line: li + 1, column });
      at += m[0].length;
    }
  }
  if (moves.length === 0) throw new ImportError(1, 1, "no moves found");
  // A move after five in a row is refused too (with its position).
  const stones: Stone[] = [];
  for (const [k, p] of moves.entries()) {
    const color: 1 | 2 = k % 2 === 0 ? 1 : 2;
    stones.push({ ...p, color });
    if (k < moves.length - 1 && winningLine(size, rule, cellsOf(size, stones), p, color)) {
      const w = where[k + 1];
      throw new ImportError(w.line, w.column, `the game was already won by ${color === 1 ? "black" : "white"} at move ${k + 1}`);
    }
  }
  return moves;
}

export interface ImportedGame {
  format: "psq" | "moves";
  size: number;
  rule: Rule;
  opening: Stone[];
  moves: PsqMove[];
  names: [string, string] | null;
}

/** True when the text looks like a PSQ file (a Piskvorky header, or a first line "x,y[,time]"). */
export function looksLikePsq(text: string): boolean {
  const first = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/).find((l) => l.trim() !== "") ?? "";
  return /^\s*Piskvorky\b/i.test(first) || /^\s*\d+\s*[,;]\s*\d+/.test(first);
}

/**
 * A pasted or uploaded game, PSQ or move string. The size and rule are used for move strings (a PSQ
 * says its size; its rule comes from our trailer line, else `rule`). Throws ImportError.
 */
export function importGame(text: string, opts: { size: number; rule: Rule }): ImportedGame {
  if (text.trim() === "") throw new ImportError(1, 1, "nothing to import: paste a PSQ file or a move string");
  if (looksLikePsq(text)) {
    const g = parsePsq(text);
    return { format: "psq", size: g.size, rule: g.rule ?? opts.rule, opening: g.opening, moves: g.moves, names: g.names };
  }
  const pts = parseMoveText(text, opts.size, opts.rule);
  return { format: "moves", size: opts.size, rule: opts.rule, opening: [], moves: pts.map((p) => ({ ...p, timeMs: 0 })), names: null };
}

/** The first `count` of alternating moves (black first) as opening stones. */
export function splitOpening(points: readonly Point[], count: number): { opening: Stone[]; moves: Point[] } {
  const opening = points.slice(0, count).map((p, k) => ({ x: p.x, y: p.y, color: (k % 2 === 0 ? 1 : 2) as 1 | 2 }));
  return { opening, moves: points.slice(count) };
}
