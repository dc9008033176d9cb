// Move-ordering values fitted to data (issue #16 part 2; docs/engine-log.md "Learned move ordering").
// label: positions of self-play games (bin/tune/selfplay) searched deeper (think at a node budget:
// deterministic), the move it chose is the label. fit: among a position's quiet candidates (the
// moves engine/board/movegen orders by fitted values: no four made, no double threat made or
// blocked), a softmax over a linear score — the threat level made (own) and blocked (opp), and per
// direction the pattern class made for the mover and the one taken from the opponent — fitted by
// maximum likelihood of the labelled move (full-batch Adam, L2); positions split by game into train
// and held-out. Reported: where the labelled move ranks before (today's values) and after.
import { writeFileSync } from "node:fs";
import { Board } from "../../engine/board/board";
import { PATTERN_VALUE } from "../../engine/board/cell-values";
import { ATTACK, DEFEND, GEN_ALL, generateMoves, hasOpenFour, isQuietLevel, threatLevel } from "../../engine/board/movegen";
import { FIVE } from "../../engine/board/patterns";
import { think } from "../../engine/search/think";
import type { Color, Stone } from "../../engine/types";
import type { GameRecord } from "./selfplay";

export interface OrderLabel {
  /** Game index (GameRecord.i) and the number of moves played before the position. */
  g: number;
  ply: number;
  /** The deeper search's move, as y * size + x. */
  best: number;
}

/** Levels 0..7 own, 0..7 opp, pattern classes 0..9 own, 0..9 opp. */
const NF = 8 + 8 + 10 + 10;
/** Order-score units per unit of the fitted softmax score (the engine's values are integers). */
export const ORDER_SCALE = 4000;

/** Replays a game's first `ply` moves on a Board. */
function boardAt(g: GameRecord, ply: number): { board: Board; stones: Stone[] } {
  const board = new Board(g.size, g.rule);
  const stones: Stone[] = [];
  for (let i = 0; i < ply; i++) {
    const m = g.moves[i];
    const color = (i % 2 === 0 ? 1 : 2) as Color;
    board.make(board.index(m % g.size, Math.floor(m / g.size)), color);
    stones.push({ x: m % g.size, y: Math.floor(m / g.size), color });
  }
  return { board, stones };
}

/** A position worth labelling: after the random opening, no four on the board, no open four threatened. */
function quietPosition(b: Board, side: number): boolean {
  const opp = 3 - side;
  return b.cnt[side * 16 + FIVE] === 0 && b.cnt[opp * 16 + FIVE] === 0 && !hasOpenFour(b, opp);
}

/** The positions after 1, 1 + every, 1 + 2·every … moves of each game (not inside its random opening), searched at `nodes`; stops at `max`. */
export function* orderLabels(games: readonly GameRecord[], nodes: number, every: number, max: number): Generator<OrderLabel> {
  let k = 0;
  for (const g of games) {
    for (let ply = 1; ply < g.moves.length; ply += every) {
      if (ply < g.opening) continue;
      const { board, stones } = boardAt(g, ply);
      const side = ply % 2 === 0 ? 1 : 2;
      if (!quietPosition(board, side)) continue;
      const a = think({ size: g.size, rule: g.rule, stones, toMove: side as Color }, { maxNodes: nodes, exactRootScores: false });
      if (!a.move || a.score.kind !== "eval") continue;
      yield { g: g.i, ply, best: a.move.y * g.size + a.move.x };
      if (++k >= max) return;
    }
  }
}

interface Sample {
  /** Quiet candidates × NF features. */
  x: Float64Array;
  /** Today's order score per candidate (levels + pattern values), for the "before" ranks. */
  today: Float64Array;
  n: number;
  best: number;
  game: number;
}

function samples(games: ReadonlyMap<number, GameRecord>, labels: readonly OrderLabel[]): Sample[] {
  const out: Sample[] = [];
  const mv = new Int16Array(1024);
  const sc = new Int32Array(1024);
  const hist = new Int32Array(4096);
  for (const L of labels) {
    const g = games.get(L.g);
    if (!g) throw new Error(`label for game ${L.g}, which is not in the games file`);
    const { board: b } = boardAt(g, L.ply);
    const side = L.ply % 2 === 0 ? 1 : 2;
    const opp = 3 - side;
    const all = generateMoves(b, side, GEN_ALL, mv, sc, 0, hist, 0, -1, -1, -1);
    const bestQ = b.index(L.best % g.size, Math.floor(L.best / g.size));
    const quiet: number[] = [];
    for (let j = 0; j < all; j++) if (isQuietLevel(threatLevel(b, mv[j], side), threatLevel(b, mv[j], opp))) quiet.push(mv[j]);
    const best = quiet.indexOf(bestQ);
    if (best < 0) continue; // the deeper search played a forcing move: ordered by threat, not fitted here
    const x = new Float64Array(quiet.length * NF);
    const today = new Float64Array(quiet.length);
    quiet.forEach((q, j) => {
      const my = threatLevel(b, q, side);
      const their = threatLevel(b, q, opp);
      const o = j * NF;
      x[o + my] = 1;
      x[o + 8 + their] = 1;
      today[j] = ATTACK[my] + DEFEND[their] + b.cellScore[q * 2] + b.cellScore[q * 2 + 1];
      for (let d = 0; d < 4; d++) {
        const p = b.pat[q * 4 + d];
        x[o + 16 + (side === 1 ? p & 15 : p >> 4)] += 1;
        x[o + 26 + (side === 1 ? p >> 4 : p & 15)] += 1;
      }
    });
    out.push({ x, today, n: quiet.length, best, game: g.i });
  }
  return out;
}

/** Rank (1 = first) of the labelled move under scores `s` (ties count against it). */
function rankOf(s: Float64Array, best: number): number {
  let r = 1;
  for (let j = 0; j < s.length; j++) if (j !== best && s[j] >= s[best]) r++;
  return r;
}

function rankSummary(ranks: number[]): string {
  const r = [...ranks].sort((a, b) => a - b);
  const pct = (t: number) => `${((r.filter((v) => v <= t).length / r.length) * 100).toFixed(1)} %`;
  return `top 1 ${pct(1)}, top 3 ${pct(3)}, top 8 ${pct(8)}, top 16 ${pct(16)}; median rank ${r[r.length >> 1]}, p90 ${r[Math.floor(r.length * 0.9)]}`;
}

function scoresOf(w: Float64Array, d: Sample, out: Float64Array): void {
  for (let j = 0; j < d.n; j++) {
    let v = 0;
    for (let f = 0; f < NF; f++) v += w[f] * d.x[j * NF + f];
    out[j] = v;
  }
}

/** Mean negative log-likelihood of the labelled moves, and its gradient (added into `grad`). */
function nll(w: Float64Array, set: readonly Sample[], grad: Float64Array | null): number {
  let sum = 0;
  const s = new Float64Array(1024);
  for (const d of set) {
    scoresOf(w, d, s);
    let mx = -Infinity;
    for (let j = 0; j < d.n; j++) if (s[j] > mx) mx = s[j];
    let z = 0;
    for (let j = 0; j < d.n; j++) z += Math.exp(s[j] - mx);
    sum += -(s[d.best] - mx - Math.log(z));
    if (grad)
      for (let j = 0; j < d.n; j++) {
        const p = Math.exp(s[j] - mx) / z - (j === d.best ? 1 : 0);
        if (p !== 0) for (let f = 0; f < NF; f++) grad[f] += (p * d.x[j * NF + f]) / set.length;
      }
  }
  return sum / set.length;
}

export interface OrderFitOptions {
  iters: number;
  /** Every game whose index % holdoutMod === 0 is held out. */
  holdoutMod: number;
  l2: number;
  out: string | null;
  log: (line: string) => void;
}

export function runOrderFit(gameList: readonly GameRecord[], labels: readonly OrderLabel[], o: OrderFitOptions): Float64Array {
  const games = new Map(gameList.map((g) => [g.i, g]));
  const data = samples(games, labels);
  const train = data.filter((d) => d.game % o.holdoutMod !== 0);
  const test = data.filter((d) => d.game % o.holdoutMod === 0);
  const cands = data.reduce((a, d) => a + d.n, 0) / Math.max(1, data.length);
  o.log(
    `${labels.length} labelled positions, ${data.length} with a quiet labelled move (${train.length} train, ${test.length} held out), ${cands.toFixed(1)} quiet candidates each`,
  );
  o.log(`before (today's values), held out: ${rankSummary(test.map((d) => rankOf(d.today, d.best)))}`);
  const w = new Float64Array(NF);
  const m = new Float64Array(NF);
  const v = new Float64Array(NF);
  const grad = new Float64Array(NF);
  for (let it = 1; it <= o.iters; it++) {
    grad.fill(0);
    nll(w, train, grad);
    const lr = 0.05 * (0.05 + 0.95 * 0.5 * (1 + Math.cos((Math.PI * it) / o.iters)));
    for (let f = 0; f < NF; f++) {
      const g = grad[f] + o.l2 * w[f];
      m[f] = 0.9 * m[f] + 0.1 * g;
      v[f] = 0.999 * v[f] + 0.001 * g * g;
      w[f] -= (lr * (m[f] / (1 - 0.9 ** it))) / (Math.sqrt(v[f] / (1 - 0.999 ** it)) + 1e-8);
    }
  }
  // The engine's integers: offsets so that "nothing" scores 0 (a softmax ignores a constant per
  // group); a feature no quiet candidate ever has (a four made, say) is 0.
  const seen = new Uint8Array(NF);
  for (const d of data) for (let i = 0; i < d.x.length; i++) if (d.x[i] !== 0) seen[i % NF] = 1;
  const ints = Array.from(w, (x) => Math.round(x * ORDER_SCALE));
  const group = (from: number, to: number) => ints.slice(from, to).map((x, i, a) => (seen[from + i] ? x - a[0] : 0));
  const levelOwn = group(0, 8);
  const levelOpp = group(8, 16);
  const own = group(16, 26);
  const opp = group(26, 36);
  const fitted = Float64Array.from([...levelOwn, ...levelOpp, ...own, ...opp]);
  const s = new Float64Array(1024);
  const ranks = (set: readonly Sample[]) =>
    set.map((d) => {
      scoresOf(fitted, d, s);
      return rankOf(s.subarray(0, d.n), d.best);
    });
  o.log(`after (fitted), held out: ${rankSummary(ranks(test))}`);
  o.log(`loss (train / held out): ${nll(w, train, null).toFixed(4)} / ${nll(w, test, null).toFixed(4)}`);
  o.log(`levelOwn ${levelOwn.join(" ")} | levelOpp ${levelOpp.join(" ")}\nown ${own.join(" ")}\nopp ${opp.join(" ")}`);
  if (o.out) {
    const head =
      `// Generated by \`npm run tune -- order-fit\` (bin/tune/order.ts); do not edit by hand. ${labels.length} positions labelled by a deeper search, ` +
      `${data.length} with a quiet move (${train.length} train, ${test.length} held out).\n` +
      `// Held out, where the deeper search's move ranks among the quiet candidates — before: ${rankSummary(test.map((d) => rankOf(d.today, d.best)))}; ` +
      `after: ${rankSummary(ranks(test))}.\n` +
      `// Order scores of quiet moves (engine/board/movegen.ts, quietOrderScore): per threat level made (levelOwn) and blocked (levelOpp),\n` +
      `// and per direction by pattern class (NONE, BLOCK1, FLEX1, BLOCK2, FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4, FIVE) made for the mover (own)\n` +
      `// and taken from the opponent (opp); ${ORDER_SCALE} = one unit of the fitted softmax score.\n`;
    const body = `export const ORDER_WEIGHTS = {\n  levelOwn: [${levelOwn.join(", ")}],\n  levelOpp: [${levelOpp.join(", ")}],\n  own: [${own.join(", ")}],\n  opp: [${opp.join(", ")}],\n};\n`;
    writeFileSync(o.out, head + body);
    o.log(`→ ${o.out}`);
  }
  return fitted;
}

/** Today's hand-set values (pattern values, threat levels) as the ORDER_WEIGHTS shape, for reference. */
export const HAND_ORDER = { own: Array.from(PATTERN_VALUE), opp: Array.from(PATTERN_VALUE), levelOwn: Array.from(ATTACK), levelOpp: Array.from(DEFEND) };
