// Writing SGF (FF[4], GM[4]: Gomoku/Renju) for the replay's and the analysis board's export and for
// "download my games": one game, a game with its variations, or a collection of games (one file,
// several "(;…)" trees). The reader is ./sgf (ours); Sabaki's @sabaki/sgf reads the same files
// (test: lib/shared/sgf-write.test.ts). Browser-safe.
//
// What is written: GM[4] FF[4] CA[UTF-8] AP[GomokuArena] SZ, RU (a Gomocup rule code: 0 freestyle,
// 1 exact five, 4 renju — ./sgf reads codes and words), PB/PW, RE (B+, W+, with R resign / T time,
// 0 a draw), DT (YYYY-MM-DD), GN (our game id), AB/AW the opening stones, then one node a move:
// B[hh] / W[ig], column then row from the top, "a" first. A move's comment C[…] holds its time first
// ("780ms", as Gomocup managers write it, which ./sgf reads back), then its score when asked for.
import type { Point, Rule, Score, Stone } from "../../engine";
import { formatScore } from "../../engine";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const RULE_CODES: Record<Rule, string> = { freestyle: "0", exact5: "1", renju: "4" };

export interface SgfMoveOut extends Point {
  color: 1 | 2;
  timeMs?: number;
  /** From the mover's side; written only when the export asks for scores. */
  score?: Score | null;
}

export interface SgfGameOut {
  size: number;
  rule: Rule;
  opening: readonly Stone[];
  moves: readonly SgfMoveOut[];
  black: string;
  white: string;
  result: "black" | "white" | "draw" | null;
  reason?: string | null;
  /** The day the game was played, "YYYY-MM-DD…" (only the date is written). */
  date?: string | null;
  id?: string | null;
}

/** A value with SGF's escapes (a backslash before "]" and "\"). */
export const sgfText = (s: string): string => s.replace(/[\\\]]/g, (c) => `\\${c}`);

export const sgfPoint = (p: Point): string => `${LETTERS[p.x]}${LETTERS[p.y]}`;

function resultOf(g: Pick<SgfGameOut, "result" | "reason">): string | null {
  if (g.result === "draw") return "0";
  if (!g.result) return null;
  const how = g.reason === "resign" ? "R" : g.reason === "timeout" ? "T" : "";
  return `${g.result === "black" ? "B" : "W"}+${how}`;
}

/** The root node's properties (without the leading ";"). */
export function sgfRoot(g: Omit<SgfGameOut, "moves">): string {
  let out = `GM[4]FF[4]CA[UTF-8]AP[GomokuArena]SZ[${g.size}]RU[${RULE_CODES[g.rule]}]`;
  out += `PB[${sgfText(g.black)}]PW[${sgfText(g.white)}]`;
  const re = resultOf(g);
  if (re) out += `RE[${re}]`;
  const day = g.date ? /^\d{4}-\d{2}-\d{2}/.exec(g.date)?.[0] : null;
  if (day) out += `DT[${day}]`;
  if (g.id) out += `GN[${sgfText(g.id)}]`;
  const black = g.opening.filter((s) => s.color === 1);
  const white = g.opening.filter((s) => s.color === 2);
  if (black.length) out += `AB${black.map((s) => `[${sgfPoint(s)}]`).join("")}`;
  if (white.length) out += `AW${white.map((s) => `[${sgfPoint(s)}]`).join("")}`;
  return out;
}

/** One move's node (without the leading ";"). */
export function sgfMove(m: SgfMoveOut, scores: boolean): string {
  const notes: string[] = [];
  if (m.timeMs) notes.push(`${Math.round(m.timeMs)}ms`);
  if (scores && m.score) notes.push(`score ${formatScore(m.score)} (mover)`);
  const c = notes.length ? `C[${sgfText(notes.join("\n"))}]` : "";
  return `${m.color === 1 ? "B" : "W"}[${sgfPoint(m)}]${c}`;
}

/** One game as an SGF tree; `scores`: each move's score as a comment. */
export function writeSgf(g: SgfGameOut, opts: { scores?: boolean } = {}): string {
  return `(;${sgfRoot(g)}${g.moves.map((m) => `;${sgfMove(m, !!opts.scores)}`).join("")})\n`;
}

/** Several games in one file (an SGF collection). */
export function writeSgfCollection(games: readonly SgfGameOut[], opts: { scores?: boolean } = {}): string {
  return games.map((g) => writeSgf(g, opts)).join("");
}

/** A move tree: each node's continuations, the first the main one (the analysis board's VariationTree). */
export interface SgfTreeIn {
  nodes: ReadonlyArray<{ move: Point | null; children: readonly number[] }>;
}

/**
 * A game with variations (the analysis board): the root's properties, then the tree from node 0,
 * colours alternating from `first`. Written with a stack (a deep line does not recurse).
 */
export function writeSgfTree(root: Omit<SgfGameOut, "moves">, tree: SgfTreeIn, first: 1 | 2): string {
  let out = `(;${sgfRoot(root)}`;
  const colorAt = (depth: number): 1 | 2 => (depth % 2 === 1 ? first : first === 1 ? 2 : 1);
  // Work items: a node to write (with its depth) or a closing parenthesis.
  const work: Array<{ id: number; depth: number; open: boolean } | ")"> = [];
  const pushKids = (id: number, depth: number) => {
    const kids = tree.nodes[id].children;
    if (kids.length === 1) work.push({ id: kids[0], depth: depth + 1, open: false });
    else for (let k = kids.length - 1; k >= 0; k--) work.push(")", { id: kids[k], depth: depth + 1, open: true });
  };
  pushKids(0, 0);
  while (work.length) {
    const w = work.pop()!;
    if (w === ")") {
      out += ")";
      continue;
    }
    const m = tree.nodes[w.id].move!;
    out += `${w.open ? "(" : ""};${sgfMove({ ...m, color: colorAt(w.depth) }, false)}`;
    pushKids(w.id, w.depth);
  }
  return `${out})\n`;
}
