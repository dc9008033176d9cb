// The solver's checks behind the harvested positions (bin/tactics/harvest.ts) and `npm run
// bench:tactics -- --verify`. Two kinds, both freestyle, any board size:
//
// * a long win by fours: the side to move's shortest VCF (every move but the last makes a four) is
//   9–17 plies, and it has no forced win of any kind within 7 plies (the exact solver, every
//   defence). `solutions` = every first move that starts a VCF of at most that length. Not proven:
//   that no win by threes of 9+ plies is shorter, or starts elsewhere (beyond the solver's reach).
// * a defence where only one move holds: onlyDefence, in engine/puzzles/defence.ts (the puzzle
//   prover runs it on the server too), re-exported here.
import type { Color, Point, Stone } from "../../engine/types";
import { toLabel } from "../../lib/shared/notation";
import { ThreatSolver } from "../../engine/puzzles/solver";
import { FULL_PLIES, MAX_VCF } from "../../engine/puzzles/defence";

export { FULL_PLIES, HOLD_NODES, HOLD_PLIES, MAX_VCF, onlyDefence, type OnlyDefence } from "../../engine/puzzles/defence";

export interface LongWin {
  plies: number;
  solutions: string[];
  /** One winning line (the VCF): first move, forced block, … */
  line: string[];
}

/** The side to move's shortest VCF when it is 9–17 plies and no win within 7 exists; else a reason. */
export function longWinByFours(size: number, stones: Stone[], toMove: Color): LongWin | string {
  const s = new ThreatSolver(size, stones);
  const vcf = s.shortestWin(toMove, MAX_VCF, true);
  if (!vcf) return "no VCF within 17 plies";
  if (vcf.plies < 9) return `a VCF in ${vcf.plies}`;
  if (s.wins(toMove, FULL_PLIES)) return "a win within 7 plies";
  return {
    plies: vcf.plies,
    solutions: vcf.moves.map((m) => toLabel(m, size)).sort(),
    line: vcfLine(s, toMove, vcf.plies, vcf.moves[0]).map((c) => toLabel(c, size)),
  };
}

/** A principal line of a VCF of n plies starting with `first` (attacker, block, attacker, …, five). */
function vcfLine(s: ThreatSolver, att: Color, n: number, first: Point): Point[] {
  const size = s.size;
  const pt = (c: number) => ({ x: c % size, y: Math.floor(c / size) });
  const line: Point[] = [first];
  const placed: number[] = [];
  let m = first.y * size + first.x;
  let left = n;
  for (;;) {
    s.place(m, att);
    placed.push(m);
    const fp = s.fivePoints(att, 2);
    if (left <= 1 || fp.length >= 2) {
      if (left > 1) line.push(pt(fp[0]), pt(fp[1])); // the block, then the other five
      break;
    }
    s.place(fp[0], 3 - att);
    placed.push(fp[0]);
    line.push(pt(fp[0]));
    left -= 2;
    const five = s.fivePoints(att, 1);
    if (five.length) {
      line.push(pt(five[0]));
      break;
    }
    const next = s.movesWinningIn(att, left, true)[0];
    if (!next) break;
    m = next.y * size + next.x;
    line.push(next);
  }
  for (const c of placed.reverse()) s.remove(c);
  return line;
}
