// VCF ("victory by continuous fours"): the attacker plays only fours, the defender's reply is
// forced (the one five point), so the tree is narrow and deep. Finds forced wins in 3/5/7… plies
// that a depth-limited search would see only much later. Failed positions are remembered in a
// small hash table so transpositions of the same four sequence are not searched twice.
import type { Board } from "../../board/board";
import * as P from "../../board/patterns";
import * as M from "../../board/movegen";
import * as T from "./threat-search";

// Imported values are re-bound to local consts: transpilers that compile ESM to CommonJS (tsx,
// vitest) turn every use of an imported binding into a getter call, which costs ~4× in the hot loop.
const { FLEX4 } = P;
const { L_OPEN_FOUR, makesFour, playable, threatLevel } = M;
const { TWO_FIVES } = T;

const MAX_PLY = 128;
const MAX_CAND = 64;

export class VcfSolver extends T.ThreatSearch {
  /** How many moves of seq are known (the last defender block and five may be left implicit). */
  length = 0;
  /** Probe mode: after the first four, only fours through the attacker's last stone. */
  private local = false;
  /** solveShortest(): the shortest line found so far, kept while a shorter one is looked for. */
  private readonly bestSeq = new Int16Array(MAX_PLY + 4);

  constructor(board: Board) {
    super(board, MAX_PLY, MAX_CAND, 16, 0x5bd1e995);
  }

  /**
   * Searches for a VCF for `attacker` (to move) with at most `maxFours` fours.
   * Returns the plies to win (1 = five now), or 0 when none was found within the budget.
   */
  solve(attacker: number, maxFours: number, maxNodes: number, deadline: number): number {
    this.budget(maxNodes, deadline);
    this.failed.clear();
    this.local = false;
    return this.node(attacker, maxFours, 0);
  }

  /**
   * Like solve(), but the VCF found is a shortest one (fewest fours). solve() returns the first VCF
   * it finds; when that took k > 1 fours, a search with at most k − 1 fours looks for a shorter one,
   * and so on down until one fails (then the last VCF found is a shortest). The failure table is
   * kept between the searches (its entries stay true facts). A position without a VCF costs
   * nothing more than solve(). The node budget is shared; the shorter searches stop at
   * `shortDeadline` (default `deadline`: a caller that ends its turn on a VCF can allow them more
   * time than the first search); when the budget runs out, the shortest VCF found so far (a proven
   * win, maybe not the shortest) stands. `nodes` is the total.
   */
  solveShortest(attacker: number, maxFours: number, maxNodes: number, deadline: number, shortDeadline = deadline): number {
    let plies = this.solve(attacker, maxFours, maxNodes, deadline);
    let total = this.nodes;
    const seq = this.seq;
    const best = this.bestSeq;
    let len = this.length;
    for (let i = 0; i < len; i++) best[i] = seq[i];
    // k fours win in 2k + 1 plies (an open four or a double four counts as one four: 3 plies).
    for (let k = (plies - 1) / 2 - 1; k >= 1 && total < maxNodes;) {
      this.budget(maxNodes - total, shortDeadline);
      const r = this.node(attacker, k, 0);
      total += this.nodes;
      if (r <= 0) break; // none shorter (or the budget ran out)
      plies = r;
      len = this.length;
      for (let i = 0; i < len; i++) best[i] = seq[i];
      k = (r - 1) / 2 - 1;
    }
    this.nodes = total;
    for (let i = 0; i < len; i++) seq[i] = best[i];
    this.length = len;
    return plies;
  }

  /**
   * Like solve(), but keeps the failure table (its entries stay true facts about positions) and
   * counts nodes from zero: for many small probes inside one search (leaf VCF).
   */
  probe(attacker: number, maxFours: number, maxNodes: number, deadline: number): number {
    this.local = true;
    this.budget(maxNodes, deadline);
    return this.node(attacker, maxFours, 0);
  }

  private node(att: number, depth: number, ply: number): number {
    if (this.spent(255)) return 0;
    if (this.fiveNow(att, ply)) {
      this.length = ply + 1;
      return 1;
    }
    const b = this.board;
    if (depth <= 0 || ply + 3 >= MAX_PLY || this.failed.holds(b, att, depth)) return 0;
    const def = 3 - att;
    const cand = this.cand;
    const cs = this.candScore;
    const base = ply * MAX_CAND;
    let n = 0;
    // When the defender threatens five, the attacker must block, and the block must itself be a four.
    const block = this.forcedBlock(def);
    if (block === TWO_FIVES || (block >= 0 && !makesFour(b, block, att))) return 0;
    if (block >= 0) {
      cand[base] = block;
      n = 1;
    } else {
      if (b.cnt[att * 16 + FLEX4] > 0) {
        for (let i = 0; i < b.boardCells.length; i++) {
          const q = b.boardCells[i];
          if (b.cells[q] === 0 && b.near[q] > 0 && threatLevel(b, q, att) >= L_OPEN_FOUR) {
            this.seq[ply] = q;
            this.length = ply + 1;
            return 3;
          }
        }
      }
      if (this.local && ply >= 2) {
        // Local probe: only fours on the lines through the attacker's last stone (a narrowing:
        // it can miss a VCF, never invent one).
        const last = this.seq[ply - 2];
        for (let d = 0; d < 4; d++) {
          const o = b.dirs[d];
          for (let k = -4; k <= 4; k++) {
            const q = last + k * o;
            if (k === 0 || b.cells[q] !== 0 || !makesFour(b, q, att)) continue;
            const lvl = threatLevel(b, q, att);
            if (lvl >= L_OPEN_FOUR) {
              this.seq[ply] = q;
              this.length = ply + 1;
              return 3;
            }
            cand[base + n] = q;
            cs[base + n] = lvl * 10_000 + b.cellScore[q * 2 + att - 1];
            n++;
          }
        }
      } else {
        const bc = b.boardCells;
        for (let i = 0; i < bc.length && n < MAX_CAND; i++) {
          const q = bc[i];
          if (b.cells[q] !== 0 || b.near[q] === 0 || !makesFour(b, q, att)) continue;
          const lvl = threatLevel(b, q, att);
          if (lvl >= L_OPEN_FOUR) {
            this.seq[ply] = q; // open four or double four: wins in 3
            this.length = ply + 1;
            return 3;
          }
          cand[base + n] = q;
          cs[base + n] = lvl * 10_000 + b.cellScore[q * 2 + att - 1];
          n++;
        }
      }
    }
    for (let i = 0; i < n; i++) {
      const c = this.takeBest(base, i, n);
      b.make(c, att as 1 | 2);
      // The defender's only reply: the five point the four just made (on a line through c).
      const k = this.fivesAround(c, att);
      if (k >= 2) {
        b.undo();
        this.seq[ply] = c;
        this.length = ply + 1;
        return 3;
      }
      if (k === 0) {
        b.undo();
        continue;
      }
      const f = this.tmp[0];
      if (!playable(b, f, def)) {
        // Renju: black's only block is forbidden to it, so the four wins.
        b.undo();
        this.seq[ply] = c;
        this.length = ply + 1;
        return 3;
      }
      b.make(f, def as 1 | 2);
      const r = this.node(att, depth - 1, ply + 2);
      b.undo();
      b.undo();
      if (r > 0) {
        this.seq[ply] = c;
        this.seq[ply + 1] = f;
        return r + 2;
      }
      if (this.stopped) return 0;
    }
    this.failed.record(b, att, depth);
    return 0;
  }

  /** Distinct empty cells within 4 of c on its four lines where `color` makes five (into tmp, max 2). */
  private fivesAround(c: number, color: number): number {
    const b = this.board;
    const tmp = this.tmp;
    let n = 0;
    for (let d = 0; d < 4; d++) {
      const o = b.dirs[d];
      for (let k = -4; k <= 4; k++) {
        if (k === 0) continue;
        const q = c + k * o;
        if (b.cells[q] !== 0 || !b.isFive(q, color)) continue;
        if (n === 1 && tmp[0] === q) continue;
        tmp[n++] = q;
        if (n === 2) return n;
      }
    }
    return n;
  }
}
