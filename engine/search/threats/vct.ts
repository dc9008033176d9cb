// VCT ("victory by continuous threats"): the attacker plays only fours and open threes, the
// defender answers every three with ALL its defences (any point after which the attacker has no
// open-four point left, and any four of its own). The tree is wider than VCF's but still narrow,
// and it proves the wins by threes that a depth-limited search sees only much later.
// Soundness (a found win is a real win) rests on the defence set being complete:
//  - after an attacker four, the defender's only move is the five point (it has none of its own);
//  - after an open three, a defender stone that does not leave the attacker without open-four
//    points loses to the open four, unless it makes a four itself (those are all tried).
// Failed positions are remembered per (position, attacker, depth) in a small table: a miss is
// only ever a missed win, never a false one. Allocation-free after construction.
import type { Board } from "../../board/board";
import * as P from "../../board/patterns";
import * as M from "../../board/movegen";
import * as T from "./threat-search";

// Imported values are re-bound to local consts (see search.ts: getter calls under tsx/vitest).
const { FIVE, FLEX4 } = P;
const { L_OPEN_FOUR, L_THREE, findFives, hasOpenFour, makesFour, playable, threatLevel } = M;
const { TWO_FIVES } = T;

const MAX_PLY = 96;
const MAX_CAND = 48;

export class VctSolver extends T.ThreatSearch {
  constructor(board: Board) {
    super(board, MAX_PLY, MAX_CAND, 15, 0x2c1b3c6d);
  }

  /**
   * Does `attacker` (to move) win by continuous threats with at most `maxThreats` own moves?
   * Returns an upper bound on the plies to the five (1 = five now), or 0 (none found in budget).
   */
  solve(attacker: number, maxThreats: number, maxNodes: number, deadline: number): number {
    this.budget(maxNodes, deadline);
    this.failed.clear();
    // Deepening on the number of threats: short wins first (the failure table carries over).
    for (let d = 1; d <= maxThreats; d++) {
      const r = this.attack(attacker, d, 0);
      if (r > 0 || this.stopped) return r;
    }
    return 0;
  }

  /** Attacker to move: plies to its five, or 0. */
  private attack(att: number, depth: number, ply: number): number {
    if (this.spent(127)) return 0;
    if (this.fiveNow(att, ply)) return 1;
    const b = this.board;
    if (depth <= 0 || ply + 6 >= MAX_PLY || this.failed.holds(b, att, depth)) return 0;
    const def = 3 - att;
    const base = ply * MAX_CAND;
    const cand = this.cand;
    const cs = this.candScore;
    let n = 0;
    // When the defender threatens five, block it (a second five point cannot be stopped).
    const block = this.forcedBlock(def);
    if (block === TWO_FIVES || (block >= 0 && !playable(b, block, att))) return 0;
    if (block >= 0) {
      cand[base] = block;
      n = 1;
    } else {
      // Only fours while the defender has an open three (it would answer a three with an open four).
      const foursOnly = hasOpenFour(b, def);
      const bc = b.boardCells;
      for (let i = 0; i < bc.length && n < MAX_CAND; i++) {
        const q = bc[i];
        if (b.cells[q] !== 0 || b.near[q] === 0) continue;
        const lvl = threatLevel(b, q, att);
        if (lvl >= L_OPEN_FOUR) {
          this.seq[ply] = q; // open four or double four: wins in 3
          return 3;
        }
        if (lvl < L_THREE || (foursOnly && !makesFour(b, q, att))) continue;
        cand[base + n] = q;
        cs[base + n] = lvl * 100_000 + b.cellScore[q * 2 + att - 1] + b.cellScore[q * 2 + def - 1];
        n++;
      }
    }
    for (let i = 0; i < n; i++) {
      const c = this.takeBest(base, i, n);
      b.make(c, att as 1 | 2);
      const r = this.defend(att, depth - 1, ply + 1);
      b.undo();
      if (r > 0) {
        this.seq[ply] = c;
        return r + 1;
      }
      if (this.stopped) return 0;
    }
    this.failed.record(b, att, depth);
    return 0;
  }

  /** Defender to move after an attacker move: plies to the attacker's five, or 0 (it holds). */
  private defend(att: number, depth: number, ply: number): number {
    if (this.spent(127)) return 0;
    const b = this.board;
    const def = 3 - att;
    const cnt = b.cnt;
    const tmp = this.tmp;
    if (cnt[def * 16 + FIVE] > 0) return 0; // it completes five first
    if (cnt[att * 16 + FIVE] > 0) {
      if (findFives(b, att, tmp) >= 2) return 2;
      const f = tmp[0];
      if (!playable(b, f, def)) return 2; // renju: black's block would be forbidden
      b.make(f, def as 1 | 2);
      const r = this.attack(att, depth, ply + 1);
      b.undo();
      if (r > 0) this.seq[ply] = f;
      return r > 0 ? r + 1 : 0;
    }
    if (!hasOpenFour(b, att)) return 0; // no threat: the initiative is lost
    // Defences: the points of the line through one open-four point x (any defence must stop x),
    // filtered to those that leave no open-four point at all; plus every four of the defender.
    const bc = b.boardCells;
    const sh = att === 1 ? 0 : 4;
    let x = -1;
    let dir = -1;
    for (let i = 0; i < bc.length && x < 0; i++) {
      const q = bc[i];
      if (b.cells[q] !== 0 || b.near[q] === 0) continue;
      for (let d = 0; d < 4; d++)
        if (((b.pat[q * 4 + d] >> sh) & 15) === FLEX4 && playable(b, q, att)) {
          x = q;
          dir = d;
          break;
        }
    }
    if (x < 0) return 0; // cannot happen (cnt says there is one); be safe
    const base = ply * MAX_CAND;
    const cand = this.cand;
    let n = 0;
    const o = b.dirs[dir];
    for (let k = -5; k <= 5; k++) {
      const q = x + k * o;
      if (b.cells[q] !== 0 || makesFour(b, q, def) || !playable(b, q, def)) continue; // fours come below
      b.make(q, def as 1 | 2);
      const holds = !hasOpenFour(b, att);
      b.undo();
      if (holds && n < MAX_CAND) cand[base + n++] = q;
    }
    for (let i = 0; i < bc.length; i++) {
      const q = bc[i];
      if (b.cells[q] !== 0 || b.near[q] === 0 || !makesFour(b, q, def)) continue;
      if (n >= MAX_CAND) return 0; // too many to try them all: no proof
      cand[base + n++] = q;
    }
    if (n === 0) return 4; // any move, then the open four, a block, the five
    let worst = 0;
    for (let i = 0; i < n; i++) {
      const r0 = cand[base + i];
      b.make(r0, def as 1 | 2);
      const r = this.attack(att, depth, ply + 1);
      b.undo();
      if (r === 0) return 0; // a defence holds (or the budget ran out)
      if (r > worst) worst = r;
    }
    return worst + 1;
  }
}
