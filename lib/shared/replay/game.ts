// A game as the replay view sees it, whether it comes from the server (a GameState, finished or in
// progress) or from an import: the position at any ply, the engine's scores as a series from
// black's side for the graph, and the exports (move string, PSQ). Pure and browser-safe.
//
// Score convention (ARCHITECTURE.md): a move's stored score is from the MOVER's side (the side that
// searched and played it). The move list shows it as stored ("from the mover's side"); the graph
// shows every score from BLACK's side (negated for white's moves). A forced result is "win in N" /
// "loss in N", never a number: on the graph it sits at the top or bottom edge.
import type { Point, Rule, Score, Stone } from "../../../engine";
import { seatLabel } from "../labels";
import { MAX_SIZE, MIN_SIZE, cellsOf, replay, sideToMove, winningLine } from "../../../engine";
import { formatScore, negateScore, scoreRank } from "../../../engine";
import { ImportError } from "../import-errors";
import { winPercent } from "../analysis/winprob";
import { movesToString } from "../notation";
import type { GameEndReason, GameKind, GameResult, GameState, MoveRecord } from "../protocol";
import { openingAsMoves, writePsq } from "../psq";
import { parseMoveText, splitOpening, type ImportedGame } from "./movetext";
import type { Swap2Record } from "../swap2";

export type ReplayMove = Pick<MoveRecord, "ply" | "x" | "y" | "color"> & Partial<Omit<MoveRecord, "ply" | "x" | "y" | "color">>;

export interface ReplayGame {
  source: "game" | "import";
  id: string | null;
  kind: GameKind | "imported";
  size: number;
  rule: Rule;
  opening: Stone[];
  moves: ReplayMove[];
  black: string;
  white: string;
  /** The players' names when the seats belong to people with a page (/@/<name>). */
  players?: { 1: string | null; 2: string | null };
  status: "waiting" | "playing" | "finished" | "imported";
  result: GameResult | null;
  reason: GameEndReason | null;
  createdAt: string | null;
  /** A swap2 game: its opening record (the first moves are the opening's stones: lib/shared/swap2). */
  swap2?: Swap2Record;
}

/** A seat's name in a replay (lib/shared/labels). */
export const seatName = seatLabel;

const playerNameOf = (seat: GameState["black"]): string | null => (seat.kind === "human" ? (seat.player?.name ?? null) : null);

export function fromState(s: GameState): ReplayGame {
  return {
    source: "game",
    id: s.id,
    kind: s.kind,
    size: s.size,
    rule: s.rule,
    opening: s.opening.map((o) => ({ x: o.x, y: o.y, color: o.color })),
    moves: s.moves,
    black: seatName(s.black),
    white: seatName(s.white),
    players: { 1: playerNameOf(s.black), 2: playerNameOf(s.white) },
    status: s.status,
    result: s.result,
    reason: s.reason,
    createdAt: s.createdAt,
    ...(s.swap2 ? { swap2: { ...s.swap2 } } : {}),
  };
}

/** An imported game: colours alternate from the side to move after the opening; the result is replayed. */
export function fromImport(g: Pick<ImportedGame, "size" | "rule" | "opening" | "moves" | "names">): ReplayGame {
  const first = sideToMove(g.opening);
  const { outcome } = replay(g.size, g.rule, g.opening, g.moves, first);
  const moves: ReplayMove[] = g.moves.map((m, i) => ({
    ply: i + 1,
    x: m.x,
    y: m.y,
    color: (i % 2 === 0 ? first : first === 1 ? 2 : 1) as 1 | 2,
    ...("timeMs" in m && m.timeMs ? { timeMs: m.timeMs } : {}),
  }));
  return {
    source: "import",
    id: null,
    kind: "imported",
    size: g.size,
    rule: g.rule,
    opening: g.opening,
    moves,
    black: g.names?.[0] ?? "Black",
    white: g.names?.[1] ?? "White",
    status: "imported",
    result: outcome.winner ? (outcome.winner === 1 ? "black" : "white") : outcome.full ? "draw" : null,
    reason: outcome.winner ? "five" : outcome.full ? "full" : null,
    createdAt: null,
  };
}

export interface PositionAt {
  /** Opening stones (no number) then moves 1..ply (numbered). */
  stones: Array<Stone & { n?: number }>;
  last: Point | null;
  /** The five made by move `ply`, if it made one. */
  winLine: Point[] | null;
  /** The move that was played at this ply (null at ply 0). */
  move: ReplayMove | null;
}

export const clampPly = (g: Pick<ReplayGame, "moves">, ply: number) => Math.max(0, Math.min(g.moves.length, Math.round(ply)));

export function positionAt(g: ReplayGame, ply: number): PositionAt {
  const k = clampPly(g, ply);
  const stones: Array<Stone & { n?: number }> = [
    ...g.opening.map((s) => ({ x: s.x, y: s.y, color: s.color })),
    ...g.moves.slice(0, k).map((m) => ({ x: m.x, y: m.y, color: m.color, n: m.ply })),
  ];
  const move = k > 0 ? g.moves[k - 1] : null;
  const winLine = move ? winningLine(g.size, g.rule, cellsOf(g.size, stones), move, move.color) : null;
  return { stones, last: move ? { x: move.x, y: move.y } : null, winLine, move };
}

/** A score as seen by black: the mover's score, negated for white's moves. */
export const fromBlack = (score: Score, mover: 1 | 2): Score => (mover === 1 ? score : negateScore(score));

export interface EvalPoint {
  ply: number;
  color: 1 | 2;
  /** As stored: from the mover's side. */
  mover: Score;
  /** From black's side. */
  black: Score;
}

/** Every engine move's score, from black's side. */
export function evalSeries(moves: readonly ReplayMove[]): EvalPoint[] {
  return moves.filter((m) => m.score).map((m) => ({ ply: m.ply, color: m.color, mover: m.score!, black: fromBlack(m.score!, m.color) }));
}

/** The evaluation that maps to 76% of the graph's half height: the series' typical size, at least 100. */
export function graphScale(series: readonly EvalPoint[]): number {
  const vals = series.filter((p) => p.black.kind === "eval").map((p) => Math.abs((p.black as { value: number }).value));
  if (vals.length === 0) return 100;
  vals.sort((a, b) => a - b);
  return Math.max(100, vals[Math.floor(vals.length * 0.75)] ?? 100);
}

/**
 * A black-side score on the graph, whose axis is black's win chance (lib/shared/analysis winprob):
 * -1 (bottom edge: white wins) … 1 (top edge: black wins); evaluations (0–100 %) stay within ±0.9.
 * (`_scale` is no longer used: the win chance is the scale.)
 */
export function graphValue(s: Score, _scale?: number): number {
  if (s.kind === "win") return 1;
  if (s.kind === "loss") return -1;
  return 0.9 * (winPercent(s) / 50 - 1);
}

/** "black: win in 3", "+120" … a black-side score for labels. */
export function formatBlackScore(s: Score): string {
  if (s.kind === "win") return `Black wins in ${s.plies}`;
  if (s.kind === "loss") return `White wins in ${s.plies}`;
  return formatScore(s);
}

/**
 * The words for a root score that is only an upper bound, in one place (the site's AI scores its
 * best few candidates exactly and the others as bounds: "≤ −120").
 */
export const BOUND_WORDS = { prefix: "≤ ", note: "upper bound: this move is at most this good" };

/** A candidate's score for people: "+120", or "≤ −120" when it is an upper bound. */
export function formatCandidateScore(c: { score: Score; bound?: boolean | "upper" }): string {
  return c.bound ? `${BOUND_WORDS.prefix}${formatScore(c.score)}` : formatScore(c.score);
}

export interface HeatCell extends Point {
  score: Score;
  /** The score is an upper bound (the move is at most this good), not an exact score. */
  bound: boolean;
  /** 0 best … 1 worst among the candidates (by scoreRank). */
  badness: number;
  best: boolean;
  played: boolean;
}

/**
 * The move's root scores as heat cells (from the mover's side), best first. Colour scale (badness):
 * evaluations spread over 0…0.85 between the best and the worst evaluation; a forced loss is 1;
 * when the best is a forced win, other wins sit near 0 (slower = a little worse) and evaluations at 0.6…0.9.
 */
export function heatOf(m: ReplayMove | null): HeatCell[] {
  if (!m?.rootScores?.length) return [];
  const rs = m.rootScores;
  const ranks = rs.map((r) => scoreRank(r.score));
  const best = Math.max(...ranks);
  const evals = rs.flatMap((r) => (r.score.kind === "eval" ? [r.score.value] : []));
  const wins = rs.flatMap((r) => (r.score.kind === "win" ? [r.score.plies] : []));
  const losses = rs.flatMap((r) => (r.score.kind === "loss" ? [r.score.plies] : []));
  const hiE = Math.max(...evals);
  const loE = Math.min(...evals);
  const spreadE = Math.max(100, hiE - loE);
  const bestKind = rs[ranks.indexOf(best)].score.kind;
  const badness = (sc: Score): number => {
    if (sc.kind === "loss") {
      if (bestKind !== "loss") return 1;
      const hi = Math.max(...losses);
      return 0.7 + (0.3 * (hi - sc.plies)) / Math.max(1, hi - Math.min(...losses));
    }
    if (sc.kind === "win") return Math.min(0.3, (sc.plies - Math.min(...wins)) * 0.05);
    return bestKind === "win" ? 0.6 + (0.3 * (hiE - sc.value)) / spreadE : (0.85 * (hiE - sc.value)) / spreadE;
  };
  return rs.map((r, i) => ({
    x: r.x,
    y: r.y,
    score: r.score,
    bound: r.bound === "upper",
    badness: Math.min(1, Math.max(0, badness(r.score))),
    best: ranks[i] === best && r.bound !== "upper",
    played: r.x === m.x && r.y === m.y,
  }));
}

// ---------------------------------------------------------------- export

/** The whole game as one move string, opening stones first (alternating: see lib/shared/psq openingAsMoves). */
export function toMoveString(g: Pick<ReplayGame, "size" | "opening" | "moves">): string {
  return movesToString([...openingAsMoves(g.opening), ...g.moves], g.size);
}

export function toPsq(g: ReplayGame): string {
  return writePsq({
    size: g.size,
    rule: g.rule,
    opening: g.opening,
    moves: g.moves.map((m) => ({ x: m.x, y: m.y, timeMs: m.timeMs ?? 0 })),
    black: g.black,
    white: g.white,
    swap2: g.swap2,
  });
}

/** A query string for /replay/import that carries a whole game (opening stones as the first moves). */
export function toImportQuery(g: Pick<ReplayGame, "size" | "rule" | "opening" | "moves" | "black" | "white">): string {
  const q = new URLSearchParams({ size: String(g.size), rule: g.rule, moves: toMoveString(g) });
  if (g.opening.length) q.set("opening", String(g.opening.length));
  if (g.black && g.black !== "Black") q.set("b", g.black);
  if (g.white && g.white !== "White") q.set("w", g.white);
  return q.toString();
}

export { splitOpening };

/** The game carried by a /replay/import query (see toImportQuery). Throws ImportError (line 0 for the link's own values). */
export function fromImportQuery(q: URLSearchParams): ReplayGame {
  const size = Number(q.get("size") ?? "15");
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE)
    throw new ImportError(0, 0, "LINK_SIZE", { value: q.get("size") ?? "", min: MIN_SIZE, max: MAX_SIZE });
  const ruleText = q.get("rule") ?? "freestyle";
  if (ruleText !== "freestyle" && ruleText !== "exact5" && ruleText !== "renju") throw new ImportError(0, 0, "LINK_RULE", { value: ruleText });
  const rule: Rule = ruleText;
  const points = parseMoveText(q.get("moves") ?? "", size, rule);
  const count = Number(q.get("opening") ?? "0");
  if (!Number.isInteger(count) || count < 0 || count > points.length)
    throw new ImportError(0, 0, "LINK_OPENING", { value: q.get("opening") ?? "", moves: points.length });
  const { opening, moves } = splitOpening(points, count);
  const b = q.get("b");
  const w = q.get("w");
  return fromImport({ size, rule, opening, moves: moves.map((m) => ({ ...m, timeMs: 0 })), names: [b || "Black", w || "White"] });
}

/** The analysis board (/analysis) at `ply` of this game (the whole line comes along, so its moves stay the main line). */
export function analysisHref(g: Pick<ReplayGame, "size" | "rule" | "opening" | "moves">, ply: number = g.moves.length): string {
  const q = new URLSearchParams({ size: String(g.size), rule: g.rule });
  if (g.moves.length || g.opening.length) q.set("moves", toMoveString(g));
  if (g.opening.length) q.set("opening", String(g.opening.length));
  q.set("ply", String(Math.max(0, Math.min(ply, g.moves.length))));
  return `/analysis?${q.toString()}`;
}
