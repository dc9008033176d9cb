// Fixed positions shared by the engine benchmarks, so their figures speak of the same boards.
import type { Color, Position, Stone } from "../../engine/types";

/** "h8 i9 …": alternate colours from black; column letter a.., row number from the bottom. */
export function fromMoves(size: number, moves: string): Position {
  const stones: Stone[] = moves
    .trim()
    .split(/\s+/)
    .map((m, i) => ({ x: m.charCodeAt(0) - 97, y: size - Number(m.slice(1)), color: (i % 2 === 0 ? 1 : 2) as Color }));
  return { size, rule: "freestyle", stones, toMove: stones.length % 2 === 0 ? 1 : 2 };
}

/** Self-play middle games (engine vs engine, 150 ms a move), undecided at the cut. */
export const MIDDLE_GAMES: Array<[string, Position]> = [
  ["15×15 middle A (24 stones)", fromMoves(15, "h8 i7 g9 k9 h6 i9 h7 h9 g6 g8 i10 h5 j9 i8 i6 j6 k6 e6 d5 l7 h10 g10 f11 i11")],
  ["15×15 middle B (28 stones)", fromMoves(15, "h8 i7 g9 k9 h6 i9 h7 h9 g6 g8 i10 h5 j9 i8 i6 j6 k6 e6 d5 l7 h10 g10 f11 i11 g12 h11 e10 h13")],
  ["15×15 middle C (20 stones)", fromMoves(15, "h8 g8 i6 k6 e9 k5 k8 k4 k3 h5 g7 i9 e11 f8 f6 l5 e7 i5 j5 e5")],
];
