// Piskvork's game files (.psq), as Piskvork itself and the Gomocup tournaments write them:
//
//   Piskvorky 15x15, 11:11, 0        header: "Piskvorky <width>x<height>, <level1>:<level2>, <who began>"
//   8,8,0                            one move a line: x,y,time — 1-based, x the column (left to right),
//   9,7,1203                         y the row from the TOP, time in ms; black moves first, colours alternate
//   pbrain-one.exe                   trailer: the two players' names (tournament files)
//   pbrain-two.exe
//   -1                               an end code
//
// Piskvork reads the header with fscanf("Piskvorky %dx%d, %d:%d, %d"), then moves with
// fscanf("\n%d,%d,%d") (the time may be missing) until a line is not a move, then two name lines;
// anything after that is ignored. We write the same, plus one line of our own after the end code,
// "GomokuArena rule=exact5 opening=4", which other readers ignore: it keeps the rule and says how many
// of the first moves are opening stones (a PSQ has no opening stones: they are written as the first
// moves, alternating black and white, which is how any other program will see them); a swap2 game
// adds "swap2=place/white" (the second player's choice, then the first player's after "place"): its
// first 3 or 5 moves were the swap2 opening, and the names are of the players who ended with black and white.
//
// Reading is lenient (CRLF, blank lines, spaces, ";" or spaces instead of commas, no time, no header:
// the size is then the smallest of 15, 19 and 20 that holds the moves) and strict about what matters:
// a malformed move, a point off the board, a taken point or a move after the game was won is an
// ImportError that says where (line N, column M) and what. Linear in the text: a move line is read by a
// scanner, not a regular expression (one with "\s*[,;\s]\s*" backtracked cubically on a run of blanks:
// a 4 KB file stood the server still for 15 s, issue 25). Browser-safe: no Node APIs.
import type { Point, Rule, Stone } from "../../engine";
import { MAX_SIZE, MIN_SIZE, ReplayError, cellsOf, replay, winningLine } from "../../engine";
import { ImportError, foulKey } from "./import-errors";
import { openingPlies, type Swap2Record } from "./swap2";

export { ImportError };

export interface PsqMove extends Point {
  /** Time the mover used, ms (0 when unknown). */
  timeMs: number;
}

export interface PsqGame {
  size: number;
  /** From our own trailer line, else null (Piskvork files do not say: freestyle is the usual guess). */
  rule: Rule | null;
  /** Stones before move 1 (only from our own trailer line; foreign files have none). */
  opening: Stone[];
  /** The moves after the opening, in order; colours alternate from the side to move after the opening. */
  moves: PsqMove[];
  /** The two names of the trailer (first player, second player), if present. */
  names: [string, string] | null;
  /** A settled swap2 opening's choices (from our trailer line): the first 3 or 5 moves were its stones. */
  swap2?: Pick<Swap2Record, "first" | "second">;
}

export interface PsqWriteInput {
  size: number;
  rule: Rule;
  opening: readonly Stone[];
  moves: ReadonlyArray<Point & { timeMs?: number }>;
  /** Names written in the trailer (default "Black", "White"). */
  black?: string;
  white?: string;
  /** A swap2 game's choices (written only once the colours were settled). */
  swap2?: Swap2Record | null;
}

/**
 * The opening stones as moves that alternate black, white, black… (the only way a PSQ can hold them).
 * Throws when the stones cannot alternate (their counts differ by more than one black stone).
 */
export function openingAsMoves(opening: readonly Stone[]): Stone[] {
  const black = opening.filter((s) => s.color === 1);
  const white = opening.filter((s) => s.color === 2);
  if (!(black.length === white.length || black.length === white.length + 1))
    throw new Error(`an opening of ${black.length} black and ${white.length} white stones cannot be written as alternating moves`);
  const out: Stone[] = [];
  for (let i = 0; i < black.length; i++) {
    out.push(black[i]);
    if (i < white.length) out.push(white[i]);
  }
  return out;
}

export function writePsq(g: PsqWriteInput): string {
  const lines = [`Piskvorky ${g.size}x${g.size}, 11:11, 0`];
  for (const s of openingAsMoves(g.opening)) lines.push(`${s.x + 1},${s.y + 1},0`);
  for (const m of g.moves) lines.push(`${m.x + 1},${m.y + 1},${Math.max(0, Math.round(m.timeMs ?? 0))}`);
  lines.push(clean(g.black ?? "Black"), clean(g.white ?? "White"), "-1");
  const swap2 = g.swap2 && openingPlies(g.swap2) ? ` swap2=${g.swap2.first}${g.swap2.second ? `/${g.swap2.second}` : ""}` : "";
  lines.push(`GomokuArena rule=${g.rule} opening=${g.opening.length}${swap2}`);
  return lines.join("\n") + "\n";
}

/** A name on one line that cannot be mistaken for a move. */
function clean(name: string): string {
  const s = name.replace(/[\r\n]+/g, " ").trim() || "?";
  return /^\s*-?\d/.test(s) ? `_${s}` : s;
}

const HEADER = /^(\s*Piskvorky\s+)(\d+)(\s*x\s*)(\d+)/i;
/** A line that means to be a move: a number then a separator. */
const MOVE_LIKE = /^\s*-?\d+\s*[,;]/;
const OURS = /^\s*GomokuArena\b(.*)$/i;

interface RawMove {
  x: number; // 1-based as written
  y: number;
  timeMs: number;
  line: number;
  colX: number;
  colY: number;
}

/** Parses a PSQ file. Throws ImportError (with line and column) on anything it cannot take. */
export function parsePsq(text: string): PsqGame {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  let i = 0;
  while (i < lines.length && lines[i].trim() === "") i++;
  if (i === lines.length) throw new ImportError(1, 1, "EMPTY_FILE");

  let size: number | null = null;
  const h = HEADER.exec(lines[i]);
  if (h) {
    const w = Number(h[2]);
    const hgt = Number(h[4]);
    const colW = h[1].length + 1;
    if (w !== hgt) throw new ImportError(i + 1, colW, "NOT_SQUARE", { width: w, height: hgt });
    if (w < MIN_SIZE || w > MAX_SIZE) throw new ImportError(i + 1, colW, "SIZE_UNSUPPORTED", { size: w, min: MIN_SIZE, max: MAX_SIZE });
    size = w;
    i++;
  } else if (!readMoveLine(lines[i])) {
    throw new ImportError(i + 1, firstNonSpace(lines[i]), "PSQ_HEADER_EXPECTED", { found: excerpt(lines[i]) });
  }

  // Moves, until the first line that is not one (blank lines in between are skipped).
  const raw: RawMove[] = [];
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === "") continue;
    const m = readMoveLine(line);
    if (!m) {
      if (MOVE_LIKE.test(line) && !/^\s*-?\d+\s*,\s*[A-Za-z]{3,}/.test(line)) throw malformed(line, i + 1);
      break;
    }
    // A lone number is the end code, never a move; a move line has two numbers, so this is a move.
    raw.push({
      x: Number(m.x),
      y: Number(m.y),
      timeMs: m.time === undefined ? 0 : Math.max(0, Number(m.time)),
      line: i + 1,
      colX: m.colX,
      colY: m.colY,
    });
  }

  // Trailer: names, end code, our own line.
  const trailer: Array<{ text: string; line: number }> = [];
  for (; i < lines.length; i++) if (lines[i].trim() !== "") trailer.push({ text: lines[i].trim(), line: i + 1 });
  let rule: Rule | null = null;
  let openingCount = 0;
  let swap2: PsqGame["swap2"];
  const nameLines: string[] = [];
  for (const t of trailer) {
    const ours = OURS.exec(t.text);
    if (ours) {
      const r = /\brule=(\w+)/i.exec(ours[1]);
      if (r) {
        const v = r[1].toLowerCase();
        if (v !== "freestyle" && v !== "exact5" && v !== "renju")
          throw new ImportError(t.line, t.text.indexOf(r[1]) + 1 + leading(lines[t.line - 1]), "PSQ_RULE_UNKNOWN", { rule: r[1] });
        rule = v;
      }
      const o = /\bopening=(\d+)/i.exec(ours[1]);
      if (o) {
        openingCount = Number(o[1]);
        if (openingCount > raw.length)
          throw new ImportError(t.line, t.text.indexOf(o[1]) + 1 + leading(lines[t.line - 1]), "PSQ_OPENING_TOO_LONG", {
            opening: openingCount,
            moves: raw.length,
          });
      }
      const sw = /\bswap2=(\S*)/i.exec(ours[1]);
      if (sw) swap2 = readSwap2(sw[1], t.line, t.text.indexOf(sw[1]) + 1 + leading(lines[t.line - 1]), raw.length - openingCount, openingCount);
      continue;
    }
    if (/^-?\d+$/.test(t.text)) continue; // end code
    if (nameLines.length < 2 && !MOVE_LIKE.test(t.text)) nameLines.push(t.text);
  }

  if (size === null) {
    const max = raw.reduce((a, m) => Math.max(a, m.x, m.y), 0);
    size = max <= 15 ? 15 : max <= 19 ? 19 : MAX_SIZE;
  }

  // Validate: on the board, empty, not after the end. Colours alternate from black.
  const n = size;
  const stones: Stone[] = raw.map((m, k) => ({ x: m.x - 1, y: m.y - 1, color: (k % 2 === 0 ? 1 : 2) as 1 | 2 }));
  rule = checkMoves(n, rule, raw, stones);

  return {
    size: n,
    rule,
    opening: stones.slice(0, openingCount),
    moves: raw.slice(openingCount).map((m) => ({ x: m.x - 1, y: m.y - 1, timeMs: m.timeMs })),
    names: nameLines.length === 2 ? [nameLines[0], nameLines[1]] : null,
    ...(swap2 ? { swap2 } : {}),
  };
}

/** "black", "white", "place/black" or "place/white", checked against the moves that follow the opening stones. */
function readSwap2(v: string, line: number, column: number, moves: number, opening: number): PsqGame["swap2"] {
  const m = /^(black|white|place)(?:\/(black|white))?$/i.exec(v);
  const first = m?.[1].toLowerCase() as "black" | "white" | "place" | undefined;
  const second = m?.[2]?.toLowerCase() as "black" | "white" | undefined;
  if (!first || (first === "place") !== !!second) throw new ImportError(line, column, "SWAP2_UNSETTLED", { value: v });
  if (opening > 0) throw new ImportError(line, column, "SWAP2_WITH_OPENING");
  const plies = first === "place" ? 5 : 3;
  if (moves < plies) throw new ImportError(line, column, "SWAP2_TOO_FEW", { value: v, plies, moves });
  return second ? { first, second } : { first };
}

/** Replays the moves (the engine's rules) and returns the rule they were played by; throws ImportError. */
function checkMoves(n: number, rule: Rule | null, raw: readonly RawMove[], stones: readonly Stone[]): Rule | null {
  try {
    replay(n, rule ?? "freestyle", [], stones);
    return rule;
  } catch (e) {
    if (!(e instanceof ReplayError)) throw e;
    const m = raw[e.index];
    if (e.reason === "OFF_BOARD") {
      if (m.x < 1 || m.x > n) throw new ImportError(m.line, m.colX, "PSQ_OFF_BOARD", { axis: "x", value: m.x, size: n });
      throw new ImportError(m.line, m.colY, "PSQ_OFF_BOARD", { axis: "y", value: m.y, size: n });
    }
    if (e.reason === "OCCUPIED") {
      const first = raw.findIndex((r) => r.x === m.x && r.y === m.y);
      throw new ImportError(m.line, m.colX, "PSQ_TAKEN", { point: `${m.x},${m.y}`, line: raw[first].line });
    }
    if (e.reason === "FORBIDDEN") throw new ImportError(m.line, m.colX, "PSQ_FORBIDDEN", { point: `${m.x},${m.y}`, why: foulKey(e.forbidden) });
    const won = stones[e.index - 1];
    // Lenient with foreign files: a "win" by an overline followed by more moves was a standard-rule game
    // (no exact five before it either, so the whole game replays under exact5 up to here).
    if (rule === null && !winningLine(n, "exact5", cellsOf(n, stones.slice(0, e.index)), won, won.color)) return checkMoves(n, "exact5", raw, stones);
    throw new ImportError(m.line, m.colX, "PSQ_AFTER_WIN", { color: won.color === 1 ? "black" : "white", line: raw[e.index - 1].line });
  }
}

function malformed(line: string, lineNo: number): ImportError {
  // Point at the first character that does not belong in "x,y,time".
  const nums = [...line.matchAll(/-?\d+/g)];
  const bad = /[^\d\s,;-]/.exec(line);
  if (bad) return new ImportError(lineNo, bad.index + 1, "PSQ_UNEXPECTED_CHAR", { char: bad[0], move: excerpt(line) });
  if (nums.length > 3) return new ImportError(lineNo, (nums[3].index ?? 0) + 1, "PSQ_TOO_MANY_NUMBERS", { count: nums.length });
  const empty = /[,;]\s*(?=[,;]|$)/.exec(line.trimEnd());
  return new ImportError(lineNo, empty ? empty.index + 2 : firstNonSpace(line), "PSQ_NUMBER_MISSING", { move: excerpt(line) });
}

/** A move line's numbers as written, and the 1-based columns of x and y. */
interface MoveLine {
  x: string;
  y: string;
  time?: string;
  colX: number;
  colY: number;
}

/**
 * "x,y[,time]": whole numbers (a "-" allowed) separated by blanks with at most one "," or ";" among
 * them, blanks around; null when the line is anything else. One pass over the line.
 */
export function readMoveLine(line: string): MoveLine | null {
  const xAt = skipBlanks(line, 0);
  const xEnd = wholeNumberEnd(line, xAt);
  if (xEnd < 0) return null;
  const yAt = separatorEnd(line, xEnd);
  const yEnd = yAt < 0 ? -1 : wholeNumberEnd(line, yAt);
  if (yEnd < 0) return null;
  let end = yEnd;
  let time: string | undefined;
  const timeAt = separatorEnd(line, yEnd);
  const timeEnd = timeAt < 0 ? -1 : wholeNumberEnd(line, timeAt);
  if (timeEnd >= 0) {
    time = line.slice(timeAt, timeEnd);
    end = timeEnd;
  }
  if (skipBlanks(line, end) !== line.length) return null;
  return { x: line.slice(xAt, xEnd), y: line.slice(yAt, yEnd), ...(time === undefined ? {} : { time }), colX: xAt + 1, colY: yAt + 1 };
}

const BLANK = /\s/;
function skipBlanks(s: string, at: number): number {
  while (at < s.length && BLANK.test(s[at])) at++;
  return at;
}
/** Where "-?digits" starting at `at` ends, or -1. */
function wholeNumberEnd(s: string, at: number): number {
  const digits = s[at] === "-" ? at + 1 : at;
  let end = digits;
  while (end < s.length && s[end] >= "0" && s[end] <= "9") end++;
  return end > digits ? end : -1;
}
/** Where a separator (blanks with at most one "," or ";") starting at `at` ends, or -1 when there is none. */
function separatorEnd(s: string, at: number): number {
  let end = skipBlanks(s, at);
  if (s[end] === "," || s[end] === ";") end = skipBlanks(s, end + 1);
  return end > at ? end : -1;
}

const firstNonSpace = (s: string) => s.length - s.trimStart().length + 1;
const leading = (s: string) => s.length - s.trimStart().length;
const excerpt = (s: string) => (s.trim().length > 30 ? `${s.trim().slice(0, 30)}…` : s.trim());
