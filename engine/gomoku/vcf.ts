// VCF ("victory by continuous fours"): the attacker plays only fours, the defender's reply is
// forced (the one five point), so the tree is narrow and deep. Finds forced wins in 3/5/7… plies
// that a depth-limited search would see only much later. Failed positions are remembered in a
// small hash table so transpositions of the same four sequence are not searched twice.
import type { Board } from "./board";
import { FailTable } from "./fail-table";
import * as P from "./patterns";
import * as M from "./movegen";

// Imported values are re-bound to local consts: transpilers that compile ESM to CommonJS (tsx,
// vitest) turn every use of an imported binding into a getter call, which costs ~4× in the hot loop.
const { FIVE, FLEX4 } = P;
const { L_OPEN_FOUR, findFives, makesFour, threatLevel } = M;

const MAX_PLY = 128;
const MAX_CAND = 64;

export class VcfSolver {
  /** The winning sequence, from ply 0: attacker, defender, attacker … (the last move is the win). */
  readonly seq = new Int16Array(MAX_PLY + 4);
  /** How many moves of seq are known (the last defender block and five may be left implicit). */
  length = 0;
  nodes = 0;
  stopped = false;
  /** Probe mode: after the first four, only fours through the attacker's last stone. */
  private local = false;
  private maxNodes = 0;
  private deadline = Infinity;
  private readonly cand = new Int16Array(MAX_PLY * MAX_CAND);
  private readonly candScore = new Int32Array(MAX_PLY * MAX_CAND);
  private readonly tmp = new Int16Array(4);
  private readonly failed = new FailTable(16, 0x5bd1e995);

  constructor(private readonly board: Board) {}

  /**
   * Searches for a VCF for `attacker` (to move) with at most `maxFours` fours.
   * Returns the plies to win (1 = five now), or 0 when none was found within the budget.
   */
  solve(attacker: number, maxFours: number, maxNodes: number, deadline: number): number {
    this.nodes = 0;
    this.stopped = false;
    this.maxNodes = maxNodes;
    this.deadline = deadline;
    this.failed.clear();
    this.local = false;
    return this.node(attacker, maxFours, 0);
  }

  /**
   * Like solve(), but keeps the failure table (its entries stay true facts about positions) and
   * counts nodes from zero: for many small probes inside one search (leaf VCF).
   */
  probe(attacker: number, maxFours: number, maxNodes: number, deadline: number): number {
    this.local = true;
    this.nodes = 0;
    this.stopped = false;
    this.maxNodes = maxNodes;
    this.deadline = deadline;
    return this.node(attacker, maxFours, 0);
  }

  private node(att: number, depth: number, ply: number): number {
    const b = this.board;
    this.nodes++;
    if (this.nodes >= this.maxNodes) this.stopped = true;
    else if ((this.nodes & 255) === 0 && globalThis.performance.now() >= this.deadline) this.stopped = true;
    if (this.stopped) return 0;
    const def = 3 - att;
    const cnt = b.cnt;
    const tmp = this.tmp;
    if (cnt[att * 16 + FIVE] > 0) {
      findFives(b, att, tmp);
      this.seq[ply] = tmp[0];
      this.length = ply + 1;
      return 1;
    }
    if (depth <= 0 || ply + 3 >= MAX_PLY) return 0;
    if (this.failed.holds(b, att, depth)) return 0;
    const base = ply * MAX_CAND;
    const cand = this.cand;
    const cs = this.candScore;
    let n = 0;
    if (cnt[def * 16 + FIVE] > 0) {
      // The defender threatens five: the attacker must block, and the block must itself be a four.
      if (findFives(b, def, tmp) >= 2) return 0;
      if (!makesFour(b, tmp[0], att)) return 0;
      cand[base] = tmp[0];
      n = 1;
    } else {
      if (cnt[att * 16 + FLEX4] > 0) {
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
      let bi = i;
      for (let j = i + 1; j < n; j++) if (cs[base + j] > cs[base + bi]) bi = j;
      const c = cand[base + bi];
      cand[base + bi] = cand[base + i];
      cs[base + bi] = cs[base + i];
      cand[base + i] = c;
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
      const f = tmp[0];
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
