// The casual player: expectimax in play. The lecture's point about unpredictable opponents —
// minimax assumes the opponent always finds the best reply; a human often does not. This player
// models its opponent as partly random (see model.ts: with probability p a uniformly random
// reasonable move, else the best one by a one-ply look) and maximizes its EXPECTED score:
//
//   MAX (own move) → CHANCE (the human's reply) → MAX → … → static evaluation
//
// A specialised implementation of engine/lecture's expectimax: the same recursion, but on the
// incremental board with make/undo and preallocated buffers, iterative deepening and a deadline
// (the generic version allocates a state per node and cannot stop mid-search). game.ts runs the
// same model through engine/lecture's expectimax, and the tests check that both give the same
// values. It still takes a five and blocks a four (casual, not suicidal).
import type { Analysis, Color, Limits, Point, Position, RootScore, Score } from "../types";
import { boardOf, winnerOnBoard } from "../board/position";
import { type CasualModel, DEFAULT_MODEL, MoveSource, WIN, WIN_BOUND, leafValue } from "./model";

export interface CasualLimits extends Limits {
  /** Probability that the opponent plays a random reasonable move (default 0.3). */
  randomness?: number;
  /** Own candidates per node (default 12). */
  width?: number;
  /** The opponent's reasonable candidates per chance node (default 8). */
  chanceWidth?: number;
}

/** Plies searched (MAX, CHANCE, MAX, …) by default and at most. */
export const CASUAL_DEFAULT_DEPTH = 3;
export const CASUAL_MAX_DEPTH = 5;
const MAX_PLY = 8;
const SLOT = 64;

const now = (): number => globalThis.performance.now();

class Stop extends Error {}

/** Expectimax value of a search node for the casual player, as a public Score. */
export function casualScore(v: number): Score {
  if (v >= WIN_BOUND) return { kind: "win", plies: Math.round(WIN - v) };
  if (v <= -WIN_BOUND) return { kind: "loss", plies: Math.round(WIN + v) };
  const r = Math.round(v);
  return { kind: "eval", value: r > 20000 ? 20000 : r < -20000 ? -20000 : r };
}

export class CasualSearcher {
  readonly board;
  readonly src: MoveSource;
  readonly model: CasualModel;
  nodes = 0;
  private readonly moves = new Int16Array(MAX_PLY * SLOT);
  private readonly probs = new Float64Array(MAX_PLY * SLOT);
  private deadline = Infinity;
  private maxNodes = Number.MAX_SAFE_INTEGER;
  private readonly size2: number;

  constructor(
    position: Position,
    model: Partial<CasualModel> = {},
    readonly maxSide: number = position.toMove,
  ) {
    this.board = boardOf(position);
    this.src = new MoveSource(this.board);
    this.model = { ...DEFAULT_MODEL, ...model };
    this.size2 = position.size * position.size;
  }

  setLimits(deadline: number, maxNodes: number): void {
    this.deadline = deadline;
    this.maxNodes = maxNodes;
  }

  /** The root candidates (cells) for the side to move. */
  rootMoves(side: number): number[] {
    const n = this.src.candidates(side, this.model.width, this.moves, 0);
    return Array.from(this.moves.subarray(0, n));
  }

  /**
   * Value (for the casual player) of the position after `side` plays q, searched `depth` plies
   * in all (q included). `ply` is q's ply from the root (1 for a root move).
   */
  valueOfMove(q: number, side: number, depth: number, ply: number): number {
    const b = this.board;
    if (b.isFive(q, side)) return side === this.maxSide ? WIN - ply : -(WIN - ply);
    b.make(q, side as Color);
    try {
      return this.value(3 - side, depth - 1, ply);
    } finally {
      b.undo();
    }
  }

  /** Value of the current board, `side` to move, `depth` plies left, `ply` plies played since the root. */
  value(side: number, depth: number, ply: number): number {
    const b = this.board;
    this.nodes++;
    if ((this.nodes & 255) === 0 && now() >= this.deadline) throw new Stop();
    if (this.nodes >= this.maxNodes) throw new Stop();
    if (b.count === this.size2) return 0;
    if (depth <= 0) return leafValue(b, this.maxSide, side);
    const base = ply * SLOT;
    if (side === this.maxSide) {
      const n = this.src.candidates(side, this.model.width, this.moves, base);
      let best = -Infinity;
      for (let i = 0; i < n; i++) {
        const v = this.valueOfMove(this.moves[base + i], side, depth, ply + 1);
        if (v > best) best = v;
      }
      return best;
    }
    const n = this.src.chance(side, this.model, this.moves, this.probs, base);
    let acc = 0;
    for (let i = 0; i < n; i++) acc += this.probs[base + i] * this.valueOfMove(this.moves[base + i], side, depth, ply + 1);
    return acc;
  }
}

export function casual(position: Position, limits: CasualLimits = {}): Analysis {
  const start = now();
  let timeMs = limits.timeMs;
  if (timeMs === undefined && limits.maxDepth === undefined && limits.maxNodes === undefined) timeMs = 1000;
  const deadline = timeMs === undefined ? Infinity : start + Math.max(1, timeMs - Math.min(25, timeMs * 0.1));
  const maxDepth = Math.max(1, Math.min(limits.maxDepth ?? CASUAL_DEFAULT_DEPTH, CASUAL_MAX_DEPTH));
  const model: Partial<CasualModel> = {};
  if (limits.randomness !== undefined) model.randomness = Math.min(1, Math.max(0, limits.randomness));
  if (limits.width !== undefined) model.width = Math.max(1, Math.min(SLOT, limits.width));
  if (limits.chanceWidth !== undefined) model.chanceWidth = Math.max(1, Math.min(SLOT, limits.chanceWidth));
  const s = new CasualSearcher(position, model);
  const b = s.board;
  const side = position.toMove;
  const pt = (q: number): Point => ({ x: b.xOf(q), y: b.yOf(q) });
  const elapsed = () => Math.round((now() - start) * 10) / 10;

  const winner = winnerOnBoard(b);
  if (winner !== 0 || b.count === position.size * position.size) {
    const score: Score = winner === 0 ? { kind: "eval", value: 0 } : winner === side ? { kind: "win", plies: 0 } : { kind: "loss", plies: 0 };
    return { move: null, score, depth: 0, nodes: 0, timeMs: elapsed(), pv: [], rootScores: [] };
  }
  const moves = s.rootMoves(side);
  s.setLimits(deadline, limits.maxNodes ?? Number.MAX_SAFE_INTEGER);
  // Fallback before depth 1 completes: the best-ordered candidate.
  let result: Analysis = { move: pt(moves[0]), score: casualScore(0), depth: 0, nodes: 0, timeMs: 0, pv: [pt(moves[0])], rootScores: [] };
  let iterStart = now();
  for (let depth = 1; depth <= maxDepth; depth++) {
    const values: number[] = [];
    try {
      for (const q of moves) values.push(s.valueOfMove(q, side, depth, 1));
    } catch (e) {
      if (e instanceof Stop) break;
      throw e;
    }
    const order = moves.map((q, i) => i).sort((x, y) => values[y] - values[x] || x - y);
    const best = order[0];
    const roots: RootScore[] = order.map((i) => ({ move: pt(moves[i]), score: casualScore(values[i]) }));
    result = { move: pt(moves[best]), score: casualScore(values[best]), depth, nodes: s.nodes, timeMs: elapsed(), pv: [pt(moves[best])], rootScores: roots };
    limits.onProgress?.({ depth, score: result.score, nodes: result.nodes, timeMs: result.timeMs, pv: result.pv, move: result.move });
    if (moves.length === 1 || values[best] >= WIN_BOUND || values[best] <= -WIN_BOUND) break;
    // Do not start a depth that cannot finish (each costs several times the last).
    const t = now();
    if (timeMs !== undefined && t - start + (t - iterStart) * 6 > timeMs) break;
    iterStart = t;
  }
  result.nodes = Math.max(1, s.nodes);
  result.timeMs = elapsed();
  return result;
}
