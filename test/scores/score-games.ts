// Games for the score-consistency tests: self-play at a small depth from seeded openings (the strong
// engine against itself, and the casual player against it), imported fixture games, and every move
// scored the way the site scores it (the server analysis's analysePly, lib/shared/scores).
import { cellsOf, forbiddenReason, mulberry32Float, think, winningLine, type Color, type Point, type Rule, type Score, type Stone } from "../../engine";
import { casual } from "../../engine/casual";
import { analysePly } from "../../lib/server/analysis/analyse-ply";
import type { GameState } from "../../lib/shared/protocol";

export interface TestGame {
  name: string;
  size: number;
  rule: Rule;
  opening: Stone[];
  moves: Array<Point & { color: Color; by?: "alphabeta" | "casual" }>;
  /** The last move made five. */
  five: boolean;
}

/** A fixed sequence from a seed (the games must be the same on every run): the engine's mulberry32. */
export const rng = mulberry32Float;

/** `stones` random stones (alternating from black) within 2 of the centre, none forbidden. */
function randomOpening(size: number, rule: Rule, stones: number, rand: () => number): Stone[] {
  const c = Math.floor(size / 2);
  const out: Stone[] = [];
  while (out.length < stones) {
    const x = c - 2 + Math.floor(rand() * 5);
    const y = c - 2 + Math.floor(rand() * 5);
    if (out.some((s) => s.x === x && s.y === y)) continue;
    out.push({ x, y, color: out.length % 2 === 0 ? 1 : 2 });
  }
  void rule;
  return out;
}

/**
 * A self-play game: black and white choose with `players` (alphabeta: think at `depth`; casual: the
 * expectimax player at its smallest depth), up to `maxPlies` moves after a seeded opening of 3 stones.
 */
export function selfPlay(o: {
  seed: number;
  size: number;
  rule: Rule;
  depth: number;
  maxPlies: number;
  nodes?: number;
  players?: { 1: "alphabeta" | "casual"; 2: "alphabeta" | "casual" };
}): TestGame {
  const rand = rng(o.seed);
  const players = o.players ?? { 1: "alphabeta", 2: "alphabeta" };
  const opening = randomOpening(o.size, o.rule, 3, rand);
  const moves: TestGame["moves"] = [];
  let toMove: Color = 2;
  let five = false;
  for (let i = 0; i < o.maxPlies && !five; i++) {
    const stones: Stone[] = [...opening, ...moves.map((m) => ({ x: m.x, y: m.y, color: m.color }))];
    const position = { size: o.size, rule: o.rule, stones, toMove };
    const by = players[toMove];
    const a = by === "casual" ? casual(position, { maxDepth: 1, maxNodes: 4000 }) : think(position, { maxDepth: o.depth, maxNodes: o.nodes });
    if (!a.move) break;
    const cells = cellsOf(o.size, stones);
    if (o.rule === "renju" && toMove === 1 && forbiddenReason(o.size, cells, a.move)) break;
    cells[a.move.y * o.size + a.move.x] = toMove;
    moves.push({ x: a.move.x, y: a.move.y, color: toMove, by });
    five = !!winningLine(o.size, o.rule, cells, a.move, toMove);
    toMove = toMove === 1 ? 2 : 1;
  }
  return { name: `self-play ${o.rule} ${o.size}×${o.size} seed ${o.seed} (${players[1]}–${players[2]})`, size: o.size, rule: o.rule, opening, moves, five };
}

/** Every move's score as the server analysis stores it (analysePly: search of the position before, depth `depth`). */
export async function analysedScores(g: TestGame, depth: number, nodes?: number): Promise<Score[]> {
  const state = {
    size: g.size,
    rule: g.rule,
    opening: g.opening,
    moves: g.moves.map((m, i) => ({ ply: i + 1, x: m.x, y: m.y, color: m.color, by: "human" as const, timeMs: 0, at: "" })),
    reason: g.five ? ("five" as const) : null,
  } satisfies Pick<GameState, "size" | "rule" | "opening" | "moves" | "reason">;
  const search = async (position: Parameters<typeof think>[0], limits: Parameters<typeof think>[1]) =>
    think(position, { ...limits, timeMs: undefined, maxDepth: depth, maxNodes: nodes });
  const out: Score[] = [];
  for (let ply = 1; ply <= g.moves.length; ply++) out.push((await analysePly(state, ply, search, { timeMs: 0, depth })).after);
  return out;
}
