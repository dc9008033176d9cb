// Self-play games for the evaluation tuner, reproducible from a seed: a random opening (2–5 stones,
// alternating, black first, within `radius` of the centre), then both sides play think() under a
// node budget (deterministic: no clock), the budget drawn per game from [nodes/2, 3·nodes/2] so the
// same opening does not always replay one game. A game ends at a five, a full board, or a proven
// result (the search's win/loss score), which is the label.
import { think } from "../../engine/search/think";
import { mulberry32Float } from "../../engine/board/zobrist";
import type { Color, Rule, Stone } from "../../engine/types";
import { Referee } from "../match/referee";

export interface SelfPlaySpec {
  size: number;
  rule: Rule;
  games: number;
  seed: number;
  nodes: number;
  radius: number;
  /** Play only every `stride`-th game starting at `offset` (to split one seed's games over processes). */
  offset?: number;
  stride?: number;
}

export interface GameRecord {
  /** Index of the game in the seed's sequence. */
  i: number;
  size: number;
  rule: Rule;
  /** Moves as cell indices y * size + x, black first; the first `opening` were random. */
  moves: number[];
  opening: number;
  /** 1 black won, 2 white won, 0 draw. */
  winner: number;
  nodes: number;
}

/** Per game its own generator (seed, game index), so any subset of games can be replayed alone. */
const gameRng = (seed: number, i: number) => mulberry32Float((Math.imul(seed, 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca6b)) >>> 0);

export function playGame(spec: SelfPlaySpec, i: number): GameRecord {
  const rand = gameRng(spec.seed, i);
  const { size, rule } = spec;
  const c = Math.floor(size / 2);
  const nodes = Math.max(50, Math.round(spec.nodes * (0.5 + rand())));
  const nOpen = 2 + Math.floor(rand() * 4);
  const ref = new Referee(size, rule);
  const moves: number[] = [];
  const stones: Stone[] = [];
  const span = 2 * spec.radius + 1;
  while (moves.length < nOpen) {
    const x = c - spec.radius + Math.floor(rand() * span);
    const y = c - spec.radius + Math.floor(rand() * span);
    if (ref.cells[y * size + x] !== 0) continue;
    if (ref.play({ x, y }).kind !== "ok") break;
    stones.push({ x, y, color: moves.length % 2 === 0 ? 1 : 2 });
    moves.push(y * size + x);
  }
  let winner = 0;
  while (moves.length < size * size) {
    const toMove: Color = moves.length % 2 === 0 ? 1 : 2;
    const a = think({ size, rule, stones, toMove }, { maxNodes: nodes, exactRootScores: false });
    if (!a.move) break;
    if (a.score.kind === "win") {
      winner = toMove;
      break;
    }
    if (a.score.kind === "loss") {
      winner = 3 - toMove;
      break;
    }
    const r = ref.play(a.move);
    stones.push({ x: a.move.x, y: a.move.y, color: toMove });
    moves.push(a.move.y * size + a.move.x);
    if (r.kind === "win") {
      winner = toMove;
      break;
    }
    if (r.kind === "draw") break;
    if (r.kind !== "ok") {
      // A forbidden or otherwise refused move (renju): the mover loses.
      winner = 3 - toMove;
      break;
    }
  }
  return { i, size, rule, moves, opening: nOpen, winner, nodes };
}

export function* selfPlay(spec: SelfPlaySpec): Generator<GameRecord> {
  const stride = spec.stride ?? 1;
  for (let i = spec.offset ?? 0; i < spec.games; i += stride) yield playGame(spec, i);
}
