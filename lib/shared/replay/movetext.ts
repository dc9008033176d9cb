// Move strings ("h8i9j10", "h8 i9 j10", "1. h8 i9 2. j10", one move a line…) read with the line and
// column of anything wrong, and the one place that decides whether a pasted text is a PSQ file or a
// move string. Browser-safe.
import type { Point, Rule, Stone } from "../../../engine";
import { ReplayError, replay } from "../../../engine";
import { readLabels, type LabelAt } from "../notation";
import { ImportError, foulKey } from "../import-errors";
import { parsePsq, type PsqGame, type PsqMove } from "../psq";
import { looksLikeSgf, parseSgf } from "../sgf";

/**
 * Reads a move string on a size×size board (see readLabels), black first. Throws ImportError with the
 * line and column of the first bad token, taken point, move after the game was won or (renju) black
 * move on a forbidden point.
 */
export function parseMoveText(text: string, size: number, rule: Rule = "freestyle"): Point[] {
  const read: LabelAt[] = [];
  for (const l of readLabels(text, size)) {
    const dup = read.findIndex((q) => q.point.x === l.point.x && q.point.y === l.point.y);
    if (dup >= 0) throw new ImportError(l.line, l.column, "LABEL_TAKEN", { label: l.text, move: dup + 1, line: read[dup].line });
    read.push(l);
  }
  if (read.length === 0) throw new ImportError(1, 1, "NO_MOVES");
  const moves = read.map((l) => l.point);
  // A move after five in a row is refused too (with its position).
  try {
    replay(size, rule, [], moves);
  } catch (e) {
    if (!(e instanceof ReplayError) || (e.reason !== "WON" && e.reason !== "FORBIDDEN")) throw e;
    const w = read[e.index];
    if (e.reason === "FORBIDDEN") throw new ImportError(w.line, w.column, "LABEL_FORBIDDEN", { label: w.text, why: foulKey(e.forbidden) });
    throw new ImportError(w.line, w.column, "MOVES_AFTER_WIN", { color: e.index % 2 === 1 ? "black" : "white", move: e.index });
  }
  return moves;
}

export interface ImportedGame {
  format: "psq" | "moves" | "sgf";
  size: number;
  rule: Rule;
  opening: Stone[];
  moves: PsqMove[];
  names: [string, string] | null;
  /** A settled swap2 opening (PSQ files we wrote): its stones are the first 3 or 5 moves. */
  swap2?: PsqGame["swap2"];
  /** The day it was played, "YYYY-MM-DD" (an SGF's DT), when the file says. */
  date?: string | null;
}

/** True when the text looks like a PSQ file (a Piskvorky header, or a first line "x,y[,time]"). */
export function looksLikePsq(text: string): boolean {
  const first =
    text
      .replace(/^\uFEFF/, "")
      .split(/\r\n|\r|\n/)
      .find((l) => l.trim() !== "") ?? "";
  return /^\s*Piskvorky\b/i.test(first) || /^\s*\d+\s*[,;]\s*\d+/.test(first);
}

/** What a pasted or uploaded text is. */
export function formatOf(text: string): ImportedGame["format"] {
  return looksLikeSgf(text) ? "sgf" : looksLikePsq(text) ? "psq" : "moves";
}

/**
 * Every game of a pasted or uploaded text: an SGF file may hold several, a PSQ file or a move string
 * one. The size and rule are used where the file does not say (see importGame). Throws ImportError,
 * SGF_TOO_MANY_GAMES as soon as an SGF file shows a game after `maxGames` (default: no bound).
 */
export function importGames(text: string, opts: { size: number; rule: Rule; maxGames?: number }): ImportedGame[] {
  if (text.trim() === "") throw new ImportError(1, 1, "NOTHING_TO_IMPORT");
  if (formatOf(text) !== "sgf") return [importGame(text, opts)];
  return parseSgf(text, opts.rule, opts.maxGames).map((g) => ({
    format: "sgf",
    size: g.size,
    rule: g.rule ?? opts.rule,
    opening: g.opening,
    moves: g.moves,
    names: g.names,
    ...(g.date ? { date: g.date } : {}),
  }));
}

/**
 * A pasted or uploaded game, PSQ or move string (an SGF file: its first game). The size and rule are used for move strings (a PSQ
 * says its size; its rule comes from our trailer line, else `rule`). Throws ImportError.
 */
export function importGame(text: string, opts: { size: number; rule: Rule }): ImportedGame {
  if (text.trim() === "") throw new ImportError(1, 1, "NOTHING_TO_IMPORT_PSQ");
  if (looksLikeSgf(text)) return importGames(text, opts)[0];
  if (looksLikePsq(text)) {
    const g = parsePsq(text);
    return {
      format: "psq",
      size: g.size,
      rule: g.rule ?? opts.rule,
      opening: g.opening,
      moves: g.moves,
      names: g.names,
      ...(g.swap2 ? { swap2: g.swap2 } : {}),
    };
  }
  const pts = parseMoveText(text, opts.size, opts.rule);
  return { format: "moves", size: opts.size, rule: opts.rule, opening: [], moves: pts.map((p) => ({ ...p, timeMs: 0 })), names: null };
}

/** The first `count` of alternating moves (black first) as opening stones. */
export function splitOpening(points: readonly Point[], count: number): { opening: Stone[]; moves: Point[] } {
  const opening = points.slice(0, count).map((p, k) => ({ x: p.x, y: p.y, color: (k % 2 === 0 ? 1 : 2) as 1 | 2 }));
  return { opening, moves: points.slice(count) };
}
