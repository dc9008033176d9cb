// The one move that holds (a "defend" puzzle, bin/tactics' defence positions): the opponent threatens
// (if the side to move passed, the opponent would win within 5 plies, or by fours within 17); every
// other move loses by force (the opponent then wins within 7 plies, or by fours within 17, proven by
// the solver), and after the one move the opponent has neither a win within 7 plies nor any VCF
// within 17, and a 9-ply exhaustive search (given up without a verdict past 150,000 solver nodes)
// finds no win either: a position is dropped when it does. Whether the move holds beyond that is not
// proven. The moves outside the zone of the threat's proof (see ThreatSolver.winZone) lose without
// being tried. Pure: the puzzle prover (./prove) runs it in the server's proof thread too.
import type { Color, Rule, Stone } from "../types";
import { toLabel } from "../board/labels";
import { NodeLimit, ThreatSolver } from "./solver";

/** Longest VCF looked for, and the longest exhaustive (every defence) search. */
export const MAX_VCF = 17;
export const FULL_PLIES = 7;
/** The one move of a defence must also survive an exhaustive search this deep, within HOLD_NODES. */
export const HOLD_PLIES = 9;
export const HOLD_NODES = 150_000;

export interface OnlyDefence {
  /** The one move that holds. */
  move: string;
  /** The opponent's threat: its shortest win if the side to move passed (by fours when > 5). */
  threat: number;
  /** How many moves were searched (the rest lie outside the threat's zone: they lose to the threat). */
  searched: number;
  /** After the one move the opponent has no win within this many plies (9, or 7 when the 9-ply
   * search found no verdict within HOLD_NODES). */
  holdPlies: number;
}

/** Is there exactly one move for the side to move that does not lose by force? Else a reason. */
/** `maxOpen`: give up ("too many candidates") when more moves than this survive the cheap proofs;
 * `holdCheck` false: skip the 9-ply search (the harvest's first pass; the merge runs it). */
/** `nodeLimit`: the solver throws NodeLimit past it (the puzzle miner's bound; the hold check has its own).
 * `rule`: the puzzles' exact5 and renju (renju: black's forbidden points are no moves). */
export function onlyDefence(
  size: number,
  stones: Stone[],
  toMove: Color,
  maxOpen = Infinity,
  holdCheck = true,
  nodeLimit = Infinity,
  rule: Rule = "freestyle",
): OnlyDefence | string {
  const s = new ThreatSolver(size, stones, rule);
  s.nodeLimit = nodeLimit;
  const att = (3 - toMove) as Color;
  if (s.fivePoints(toMove, 1).length) return "the side to move has a five";
  if (s.fivePoints(att, 1).length) return "the opponent has a four (the block is forced)";
  let threat = 0;
  let zone: Uint32Array | null = null;
  for (const n of [3, 5]) {
    zone = s.winZone(att, n, 1);
    if (zone) {
      threat = n;
      break;
    }
  }
  if (!zone) {
    const vcf = s.shortestWin(att, MAX_VCF, true);
    if (!vcf) return "no threat";
    threat = vcf.plies;
    zone = s.zoneOfFours(att, vcf.plies, 1);
    if (!zone) return "no zone";
  }
  const cand = s.zoneCells(zone);
  // Cheap proofs first (fours, a win within 5), the exhaustive 7-ply search only for what is left.
  const open: number[] = [];
  for (const m of cand) {
    if (!s.legal(m, toMove)) continue;
    s.place(m, toMove);
    const lost = s.winsByFours(att, MAX_VCF) || s.wins(att, 5);
    s.remove(m);
    if (!lost) open.push(m);
  }
  if (open.length > maxOpen) return "too many candidates";
  const holds: number[] = [];
  for (const m of open) {
    s.place(m, toMove);
    const lost = s.wins(att, FULL_PLIES);
    s.remove(m);
    if (!lost) holds.push(m);
    if (holds.length > 1) return "more than one move holds";
  }
  if (holds.length === 0) return "every move loses";
  const h = holds[0];
  if (!holdCheck) return { move: toLabel({ x: h % size, y: Math.floor(h / size) }, size), threat, searched: cand.length, holdPlies: FULL_PLIES };
  s.place(h, toMove);
  s.nodes = 0;
  s.nodeLimit = HOLD_NODES;
  let lost: boolean | null;
  try {
    lost = s.wins(att, HOLD_PLIES);
  } catch (e) {
    if (!(e instanceof NodeLimit)) throw e;
    lost = null;
  }
  s.remove(h);
  if (lost) return `the one move loses in ${HOLD_PLIES} too`;
  return { move: toLabel({ x: h % size, y: Math.floor(h / size) }, size), threat, searched: cand.length, holdPlies: lost === null ? FULL_PLIES : HOLD_PLIES };
}
