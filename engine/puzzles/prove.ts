// Proves a puzzle with the exact threat solver (./solver, any rule): the side to move's shortest
// forced win, its first move the only one that wins as fast, and the solution line with the
// defender's best replies (the one that makes the win longest); or a one-move defence (only one move
// does not lose, ./defence). Pure and synchronous: the miner (bin/puzzles/mine.ts) makes puzzles with
// it, the verifier (bin/puzzles/verify.ts) re-proves them, and the server proves analysed games'
// positions with it on a thread of its own (lib/server/puzzles/mining): the same function, so a
// puzzle is exactly what a fresh proof gives.
import type { Color, Point, Rule, Stone } from "../types";
import { toLabel } from "../board/labels";
import { NodeLimit, ThreatSolver } from "./solver";
import { onlyDefence } from "./defence";

/** vcf: a win by fours; vct: by threes and fours; defend: the only move that does not lose; renju: a
 * renju win that a forbidden point decides. (lib/shared/puzzles/puzzle's PuzzleTheme.) */
export type ProofTheme = "vcf" | "vct" | "defend" | "renju";

/** A proven puzzle: its theme, length, solution line (labels), finishing fives, a defence's threat, starting rating. */
export interface Proof {
  theme: ProofTheme;
  plies: number;
  line: string[];
  finish: string[];
  threat?: string[];
  rating: number;
}

/** Longest attack proven exhaustively (every defence, every other first move). */
export const MAX_ATTACK_PLIES = 7;
/** A proof that needs more solver nodes than this is given up (bounded mining and verifying). */
export const NODE_BUDGET = 500_000;

/** An attack or defence puzzle for the side to move here under `rule`, or why there is none. */
/** `maxPlies`: the longest win looked for (the miner's --max-plies; 7 by default: a shorter search finds fewer, faster). */
export function prove(size: number, stones: Stone[], toMove: Color, defend = true, rule: Rule = "freestyle", maxPlies = MAX_ATTACK_PLIES): Proof | string {
  const s = new ThreatSolver(size, stones, rule);
  s.nodeLimit = NODE_BUDGET;
  try {
    if (rule === "renju" && recursiveForbidden(s)) return "a forbidden point decided by another (the recursive case)";
    // A defence is tried only where the side to move has no win of its own within 7 (as the verifier checks).
    const attack = proveAttack(s, toMove, defend ? MAX_ATTACK_PLIES : maxPlies);
    if (typeof attack !== "string") return rule === "renju" ? renjuTheme(size, stones, toMove, attack) : attack;
    if (!defend || attack !== "no win") return attack;
    return proveDefence(size, stones, toMove, rule);
  } catch (e) {
    if (e instanceof NodeLimit) return "over the node budget";
    throw e;
  }
}

const label = (s: ThreatSolver, c: number) => toLabel({ x: c % s.size, y: Math.floor(c / s.size) }, s.size);
const cellOf = (s: ThreatSolver, p: Point) => p.y * s.size + p.x;

/** The attacker's one move that wins within k plies and not sooner, else a reason. */
function onlyWinningMove(s: ThreatSolver, att: Color, k: number): number | string {
  if (k > 1 && s.movesWinningIn(att, k - 2).length) return "a shorter win";
  const moves = s.movesWinningIn(att, k);
  if (moves.length === 0) return "no win";
  if (moves.length > 1) return `${moves.length} moves win in ${k}`;
  return cellOf(s, moves[0]);
}

/** Renju: is any empty point forbidden for black only through the recursive case? (The solver's zones do not cover it.) */
function recursiveForbidden(s: ThreatSolver): boolean {
  for (let c = 0; c < s.cells.length; c++) if (s.recursiveForbidden(c)) return true;
  return false;
}

/**
 * Renju: the theme is "renju" when a forbidden point decides, i.e. the same position with renju's
 * fives but no forbidden points has another answer (no win as fast, or other first moves).
 */
function renjuTheme(size: number, stones: Stone[], toMove: Color, proof: Proof): Proof {
  const free = new ThreatSolver(size, stones, "renju", false);
  free.nodeLimit = NODE_BUDGET;
  const w = free.shortestWin(toMove, proof.plies);
  const same = w !== null && w.plies === proof.plies && w.moves.length === 1 && toLabel(w.moves[0], size) === proof.line[0];
  return same ? proof : { ...proof, theme: "renju", rating: proof.rating + 100 };
}

/**
 * The defender's reply that holds out longest (its plies left for the attacker), first in cell order
 * on ties; reply -1: the attacker's four cannot be blocked (renju: its point is forbidden for black).
 */
function bestReply(s: ThreatSolver, att: Color, k: number): { reply: number; left: number } | string {
  const def = (3 - att) as Color;
  // A four: the block is forced (a double four: either); else the replies that can matter, those in
  // the zone of "the attacker wins after a pass" (any other loses as fast as a pass).
  const fives = s.fivePoints(att, 2);
  let replies = fives.filter((r) => s.legal(r, def));
  if (fives.length && !replies.length) return { reply: -1, left: 1 };
  if (!fives.length) {
    const pass = s.winZone(att, k, 1);
    if (!pass) throw new Error("the attacker does not win after a pass");
    replies = s.zoneCells(pass).filter((r) => s.legal(r, def));
    if (!replies.length) return "no legal reply in the zone";
  }
  let best = { reply: -1, left: 0 };
  for (const r of replies) {
    s.place(r, def);
    let left = 1;
    while (left <= k && !s.fivePoints(att, 1).length && !s.movesWinningIn(att, left).length) left += 2;
    if (s.fivePoints(att, 1).length) left = 1;
    s.remove(r);
    if (left > k) throw new Error(`the reply ${label(s, r)} refutes the win`);
    if (left > best.left) best = { reply: r, left };
  }
  return best;
}

function proveAttack(s: ThreatSolver, toMove: Color, maxPlies = MAX_ATTACK_PLIES): Proof | string {
  const def = (3 - toMove) as Color;
  if (s.fivePoints(toMove, 1).length) return "a five on the board";
  if (s.fivePoints(def, 1).length) return "the opponent has a four";
  const first = s.shortestWin(toMove, maxPlies);
  if (!first) return "no win";
  if (first.plies < 3) return "too short";
  if (first.moves.length > 1) return `${first.moves.length} first moves win in ${first.plies}`;
  const theme: ProofTheme = s.winsByFours(toMove, first.plies) ? "vcf" : "vct";
  const line: string[] = [];
  const placed: number[] = [];
  let k = first.plies;
  let finish: string[];
  let branching = 0;
  let unblockable = 0;
  try {
    for (;;) {
      const five = s.fivePoints(toMove);
      if (five.length) {
        finish = five.map((c) => label(s, c)).sort();
        line.push(label(s, five[0]));
        break;
      }
      const m = onlyWinningMove(s, toMove, k);
      if (typeof m === "string") return `${m} after ${line.join(" ") || "the start"}`;
      branching += s.live(toMove, 1).length;
      s.place(m, toMove);
      placed.push(m);
      line.push(label(s, m));
      const best = bestReply(s, toMove, k - 2);
      if (typeof best === "string") return best;
      const { reply, left } = best;
      if (reply < 0) {
        // Renju: black cannot block this four (the point is forbidden): it wins here.
        finish = [label(s, m)];
        unblockable = 1;
        break;
      }
      s.place(reply, def);
      placed.push(reply);
      line.push(label(s, reply));
      k = left;
    }
  } finally {
    for (const c of placed.reverse()) s.remove(c);
  }
  const moves = (line.length + 1) / 2 + unblockable; // the four black cannot block counts as the five after it
  const rating = Math.round(900 + 180 * (moves - 2) + (theme === "vct" ? 200 : 0) + Math.min(250, branching / 4));
  return { theme, plies: first.plies, line, finish, rating };
}

function proveDefence(size: number, stones: Stone[], toMove: Color, rule: Rule): Proof | string {
  const d = onlyDefence(size, stones, toMove, 12, true, NODE_BUDGET, rule);
  if (typeof d === "string") return d;
  const s = new ThreatSolver(size, stones, rule);
  s.nodeLimit = NODE_BUDGET;
  const att = (3 - toMove) as Color;
  // What the opponent threatens: its win if the side to move passed (shown after a wrong move).
  const threat = proveAttack(s, att);
  const threatLine = typeof threat === "string" ? [] : threat.line;
  const rating = Math.round(1000 + 60 * d.threat + Math.min(250, d.searched * 8));
  return { theme: "defend", plies: d.threat, line: [d.move], finish: [], threat: threatLine, rating };
}
