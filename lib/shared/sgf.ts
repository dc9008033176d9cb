// SGF game records as Gomocup managers (and Gomoku programs generally) write them:
//
//   (;GM[4]FF[4]SZ[15]RU[1]PB[pbrain-one]PW[pbrain-two]RE[B+]
//    ;B[hh]C[780ms];W[ig]C[1203ms];B[ii] … )
//
// GM[4] is the SGF number of Gomoku/Renju; SZ the board ("15" or "15:15"); RU the rule, as a Gomocup
// rule code (0 freestyle, 1 exactly five, 4 renju) or a word; PB/PW the players; a move is two
// letters, column then row from the TOP, "a" the first (a–t on 20×20); C[780ms] the time the mover
// used. AB/AW set stones before the first move (our opening stones). A file may hold several games:
// each "(;…)" at the top level is one; inside a game, only the main line (the first variation) is read.
//
// Strict where it matters: a malformed file, a move off the board, a pass or empty move (B[], Go's
// B[tt] on a smaller board), two moves of one colour in a row, a taken point or a move after five in a
// row is an ImportError with the line and column in the file. Browser-safe: no Node APIs.
//
// Linear in the text, whatever it holds (issue 25): a repeated property is appended to its list (copying
// the list for each one was quadratic), game trees nest at most MAX_SGF_DEPTH deep (deeper overflowed the
// stack: a 500), and reading stops at the game after `maxGames` (every game of 87,000 was read before).
import type { Point, Rule, Stone } from "../../engine";
import { MAX_SIZE, MIN_SIZE, ReplayError, replay, sideToMove } from "../../engine";
import { ImportError, foulKey } from "./import-errors";
import type { PsqMove } from "./psq";

/** The deepest nesting of game trees read (a game's variations nest; deeper is refused, not recursed into). */
export const MAX_SGF_DEPTH = 1000;

/** Where an SGF point was read (for the refusal's words). */
type SgfStone = { stone: "AB" | "AW" | "move"; n: number; color: "black" | "white" };

export interface SgfGame {
  /** 1-based, in file order. */
  index: number;
  /** Where the game starts in the file ("(" of its tree). */
  line: number;
  column: number;
  size: number;
  /** From RU, else null (the caller's default). */
  rule: Rule | null;
  opening: Stone[];
  moves: PsqMove[];
  /** PB, PW (either may be missing: "Black" / "White" then). */
  names: [string, string] | null;
  /** RE as written ("B+", "W+R", "0"…), or null. */
  result: string | null;
  /** DT's first date, "YYYY-MM-DD" (a real day), or null: kept as the game's date. */
  date: string | null;
}

/** One property value with where it starts (the "[" of it). */
interface Value {
  text: string;
  line: number;
  column: number;
}
/** A node: where its ";" is, and its properties (a map only when it has any: a file of bare ";" stays small). */
class SgfNode {
  props: Map<string, Value[]> | null = null;
  constructor(
    readonly line: number,
    readonly column: number,
  ) {}
  get(key: string): Value[] | undefined {
    return this.props?.get(key);
  }
}
interface Tree {
  line: number;
  column: number;
  nodes: SgfNode[];
  children: Tree[];
}

/** True when the text looks like SGF (its first non-blank character opens a game tree). */
export function looksLikeSgf(text: string): boolean {
  return /^\s*\(\s*;/.test(text.replace(/^\uFEFF/, ""));
}

/**
 * Every game of an SGF file. Throws ImportError (line, column) on the first thing it cannot take, and
 * SGF_TOO_MANY_GAMES at the "(" of game maxGames + 1 (nothing after it is read).
 */
export function parseSgf(text: string, defaultRule: Rule = "freestyle", maxGames = Infinity): SgfGame[] {
  const trees = new Reader(text.replace(/^\uFEFF/, "")).collection(maxGames);
  if (trees.length === 0) throw new ImportError(1, 1, "SGF_NO_GAME");
  return trees.map((t, i) => gameOf(t, i + 1, defaultRule));
}

// ---------------------------------------------------------------- reading the tree

class Reader {
  private at = 0;
  private line = 1;
  private col = 1;
  constructor(private readonly s: string) {}

  collection(maxGames: number): Tree[] {
    const trees: Tree[] = [];
    this.space();
    while (this.at < this.s.length) {
      if (this.s[this.at] !== "(") throw this.expected("game");
      if (trees.length >= maxGames) throw new ImportError(this.line, this.col, "SGF_TOO_MANY_GAMES", { max: maxGames });
      trees.push(this.tree(1, true));
      this.space();
    }
    return trees;
  }

  /** A game tree; with `keep` false (a variation off the main line) it is checked but its nodes are not kept. */
  private tree(depth: number, keep: boolean): Tree {
    if (depth > MAX_SGF_DEPTH) throw new ImportError(this.line, this.col, "SGF_TOO_DEEP", { max: MAX_SGF_DEPTH });
    const t: Tree = { line: this.line, column: this.col, nodes: [], children: [] };
    this.next(); // "("
    this.space();
    if (this.s[this.at] !== ";") throw this.expected("node");
    while (this.s[this.at] === ";") {
      const n = this.node();
      if (keep) t.nodes.push(n);
      this.space();
    }
    while (this.s[this.at] === "(") {
      // Only the first variation is read as the game (the main line).
      const main = keep && t.children.length === 0;
      const child = this.tree(depth + 1, main);
      if (main) t.children.push(child);
      this.space();
    }
    if (this.at >= this.s.length) throw new ImportError(t.line, t.column, "SGF_GAME_UNCLOSED");
    if (this.s[this.at] !== ")") throw this.expected("nodeOrEnd");
    this.next();
    return t;
  }

  private node(): SgfNode {
    const n = new SgfNode(this.line, this.col);
    this.next(); // ";"
    this.space();
    while (this.at < this.s.length && /[A-Za-z]/.test(this.s[this.at])) {
      const line = this.line;
      const column = this.col;
      const start = this.at;
      while (this.at < this.s.length && /[A-Za-z]/.test(this.s[this.at])) this.next();
      const id = this.s.slice(start, this.at);
      // FF[3] allowed lower-case letters in identifiers (AddBlack → AB): only the capitals count.
      const key = id.replace(/[a-z]/g, "") || id.toUpperCase();
      this.space();
      if (this.s[this.at] !== "[") throw new ImportError(line, column, "SGF_NO_VALUE", { property: id });
      // A property repeated in one node adds to its list (appended in place: copying it was quadratic).
      n.props ??= new Map();
      let values = n.props.get(key);
      if (!values) n.props.set(key, (values = []));
      while (this.s[this.at] === "[") {
        values.push(this.value());
        this.space();
      }
    }
    return n;
  }

  private value(): Value {
    const v: Value = { text: "", line: this.line, column: this.col };
    this.next(); // "["
    // The text is taken in slices between escapes (not a character at a time).
    let from = this.at;
    for (;;) {
      if (this.at >= this.s.length) throw new ImportError(v.line, v.column, "SGF_VALUE_UNCLOSED");
      const c = this.next();
      if (c === "]") {
        v.text += this.s.slice(from, this.at - 1);
        return v;
      }
      if (c === "\\") {
        v.text += this.s.slice(from, this.at - 1);
        from = this.at;
        if (this.at >= this.s.length) continue;
        const e = this.next();
        from = this.at;
        // A backslash before a line break removes it (a soft line break); before anything else, it is that character.
        if (e === "\r" && this.s[this.at] === "\n") {
          this.next();
          from = this.at;
        } else if (e !== "\n" && e !== "\r") v.text += e;
      }
    }
  }

  private next(): string {
    const c = this.s[this.at++];
    if (c === "\n" || (c === "\r" && this.s[this.at] !== "\n")) {
      this.line++;
      this.col = 1;
    } else this.col++;
    return c;
  }

  private space(): void {
    while (this.at < this.s.length && /\s/.test(this.s[this.at])) this.next();
  }

  /** What was found instead of `want`: the next few characters, or the end of the file. */
  private expected(want: "game" | "node" | "nodeOrEnd"): ImportError {
    const found = this.s.slice(this.at, this.at + 12).split(/[\r\n]/)[0];
    return found.length
      ? new ImportError(this.line, this.col, "SGF_EXPECTED", { want, found })
      : new ImportError(this.line, this.col, "SGF_ENDS_EARLY", { want });
  }
}

// ---------------------------------------------------------------- a tree as a game

const RULE_WORDS: Record<string, Rule> = {
  "0": "freestyle",
  freestyle: "freestyle",
  gomoku: "freestyle",
  "1": "exact5",
  standard: "exact5",
  exact5: "exact5",
  "exact five": "exact5",
  "exactly five": "exact5",
  "4": "renju",
  renju: "renju",
};

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

function gameOf(t: Tree, index: number, defaultRule: Rule): SgfGame {
  // The main line: this tree's nodes, then its first variation's, and so on.
  const nodes: SgfNode[] = [];
  for (let cur: Tree | undefined = t; cur; cur = cur.children[0]) for (const n of cur.nodes) nodes.push(n);
  const root = nodes[0];
  const one = (key: string): Value | null => root.get(key)?.[0] ?? null;
  const where = (v: Value) => [v.line, v.column] as const;

  const gm = one("GM");
  if (gm && gm.text.trim() !== "4") throw new ImportError(...where(gm), "SGF_NOT_GOMOKU", { gm: gm.text.trim() });

  let size = 15; // SGF's default for GM[4]
  const sz = one("SZ");
  if (sz) {
    const m = /^\s*(\d{1,3})\s*(?::\s*(\d{1,3})\s*)?$/.exec(sz.text);
    if (!m) throw new ImportError(...where(sz), "SGF_BAD_SIZE", { value: sz.text });
    if (m[2] !== undefined && m[2] !== m[1]) throw new ImportError(...where(sz), "NOT_SQUARE", { width: Number(m[1]), height: Number(m[2]) });
    size = Number(m[1]);
    if (size < MIN_SIZE || size > MAX_SIZE) throw new ImportError(...where(sz), "SIZE_UNSUPPORTED", { size, min: MIN_SIZE, max: MAX_SIZE });
  }

  let rule: Rule | null = null;
  const ru = one("RU");
  if (ru && ru.text.trim() !== "") {
    rule = RULE_WORDS[ru.text.trim().toLowerCase()] ?? null;
    if (!rule) throw new ImportError(...where(ru), "SGF_RULE_UNKNOWN", { rule: ru.text.trim() });
  }

  const point = (v: Value, what: SgfStone): Point => {
    const s = v.text.trim();
    if (s === "" || (s === "tt" && size <= 19)) throw new ImportError(...where(v), "SGF_PASS", what);
    const m = /^([a-z])([a-z])$/.exec(s);
    if (!m) throw new ImportError(...where(v), "SGF_NOT_POINT", { ...what, text: s.slice(0, 12) });
    const x = LETTERS.indexOf(m[1]);
    const y = LETTERS.indexOf(m[2]);
    if (x >= size || y >= size) throw new ImportError(...where(v), "SGF_OFF_BOARD", { ...what, text: s, size, last: LETTERS[size - 1] });
    return { x, y };
  };

  const opening: Stone[] = [];
  const setupAt: Value[] = [];
  for (const [key, color] of [
    ["AB", 1],
    ["AW", 2],
  ] as const)
    for (const v of root.get(key) ?? []) {
      opening.push({ ...point(v, { stone: key, n: 0, color: color === 1 ? "black" : "white" }), color });
      setupAt.push(v);
    }

  const moves: PsqMove[] = [];
  const movesAt: Value[] = [];
  let expected = sideToMove(opening);
  for (const n of nodes) {
    const b = n.get("B");
    const w = n.get("W");
    if (!b && !w) continue;
    if (b && w) throw new ImportError(...where(w[0]), "SGF_BOTH_COLORS");
    const v = (b ?? w)![0];
    const color = b ? 1 : 2;
    const name = color === 1 ? "black" : "white";
    const p = point(v, { stone: "move", n: moves.length + 1, color: name });
    if (color !== expected)
      throw new ImportError(n.line, n.column, "SGF_WRONG_TURN", {
        n: moves.length + 1,
        color: name,
        expected: expected === 1 ? "black" : "white",
      });
    moves.push({ ...p, timeMs: timeOf(n.get("C")?.[0]?.text) });
    movesAt.push(v);
    expected = color === 1 ? 2 : 1;
  }

  check(size, rule ?? defaultRule, opening, setupAt, moves, movesAt);
  const pb = one("PB")?.text.trim() || null;
  const pw = one("PW")?.text.trim() || null;
  return {
    index,
    line: t.line,
    column: t.column,
    size,
    rule,
    opening,
    moves,
    names: pb || pw ? [pb ?? "Black", pw ?? "White"] : null,
    result: one("RE")?.text.trim() || null,
    date: dateOf(one("DT")?.text),
  };
}

/** SGF's DT ("2024-05-01", "2024-05-01,02", "2024-05"…): its first full date, if it is a real day. */
export function dateOf(dt: string | undefined): string | null {
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec((dt ?? "").slice(0, 40));
  if (!m) return null;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(`${m[1]}-${m[2]}-${m[3]}`) && Number(m[1]) >= 1900 ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** "780ms", "1.2s", "780" → ms (the comment's first line: ours adds the score on the next); anything else 0. */
function timeOf(comment: string | undefined): number {
  // Trimmed first: blanks on both sides of an optional unit backtrack quadratically on a long blank run.
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s)?$/i.exec((comment ?? "").split("\n", 1)[0].trim());
  if (!m) return 0;
  const n = Number(m[1]) * (m[2]?.toLowerCase() === "s" ? 1000 : 1);
  return Number.isFinite(n) ? Math.min(Math.round(n), 24 * 3600_000) : 0;
}

/** The moves by the engine's rules: a taken point or a move after five in a row says where. */
function check(size: number, rule: Rule, opening: Stone[], setupAt: Value[], moves: PsqMove[], movesAt: Value[]): void {
  const seen = new Map<number, Value>();
  for (const [i, s] of opening.entries()) {
    const k = s.y * size + s.x;
    const first = seen.get(k);
    if (first) throw new ImportError(setupAt[i].line, setupAt[i].column, "SGF_SETUP_TAKEN", { line: first.line });
    seen.set(k, setupAt[i]);
  }
  try {
    replay(size, rule, opening, moves, sideToMove(opening));
  } catch (e) {
    if (!(e instanceof ReplayError)) throw e;
    const v = movesAt[e.index];
    if (e.reason === "OCCUPIED") {
      const k = moves[e.index].y * size + moves[e.index].x;
      const first = seen.get(k) ?? movesAt[moves.findIndex((m) => m.y * size + m.x === k)];
      throw new ImportError(v.line, v.column, "SGF_MOVE_TAKEN", { n: e.index + 1, line: first.line, column: first.column });
    }
    if (e.reason === "WON") throw new ImportError(v.line, v.column, "SGF_MOVE_AFTER_WIN", { n: e.index + 1 });
    // The points were checked on the board above, so what is left is a renju foul.
    throw new ImportError(v.line, v.column, "SGF_MOVE_FORBIDDEN", { n: e.index + 1, why: foulKey(e.forbidden) });
  }
}
