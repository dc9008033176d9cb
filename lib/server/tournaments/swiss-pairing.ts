// Swiss pairing, pure: our own Dutch-like system (FIDE's Dutch in spirit, not in every rule; the
// maintained implementations are GPL). Players in order of score then rating; with an odd number,
// the bye goes to the lowest-placed player who has not had one (and whose absence leaves the rest
// pairable); then the first unpaired player meets, in order of preference, an opponent of their own
// score group in the "top half meets bottom half" place (1 v n/2+1), then the rest of the group, then
// the nearest scores below (a floater). A depth-first search with backtracking keeps rematches out;
// if none exists (tiny events, late rounds) rematches are allowed as a last resort.
import { coloursOf } from "./colours";

export interface SwissEntrant {
  id: string;
  /** Half points (a win 2, a draw 1, a bye 2). */
  score: number;
  rating: number;
  byes: number;
  opponents: ReadonlySet<string>;
  blacks: number;
  whites: number;
  last: "black" | "white" | null;
}

export interface SwissRound {
  /** [black, white] */
  pairs: Array<[string, string]>;
  bye: string | null;
  /** True when no pairing without a rematch existed. */
  rematches: boolean;
}

const STEP_LIMIT = 200_000;

const byStanding = (a: SwissEntrant, b: SwissEntrant) => b.score - a.score || b.rating - a.rating || a.id.localeCompare(b.id);

export function pairSwiss(entrants: readonly SwissEntrant[], round: number): SwissRound {
  const ps = [...entrants].sort(byStanding);
  for (const allowRematch of [false, true]) {
    const r = tryAll(ps, allowRematch);
    if (r) {
      const byId = new Map(ps.map((p) => [p.id, p]));
      const pairs = r.pairs.map(([a, b]) => coloursOf(byId.get(a)!, byId.get(b)!, round));
      return { pairs, bye: r.bye, rematches: allowRematch };
    }
  }
  return { pairs: [], bye: null, rematches: false };
}

function tryAll(ps: SwissEntrant[], allowRematch: boolean): { pairs: Array<[string, string]>; bye: string | null } | null {
  const steps = { n: 0 };
  if (ps.length % 2 === 0) {
    const pairs = pairRest(ps, allowRematch, steps);
    return pairs ? { pairs, bye: null } : null;
  }
  // The bye: from the bottom, first those who have had fewest byes.
  const candidates = [...ps].reverse().sort((a, b) => a.byes - b.byes);
  for (const c of candidates) {
    const pairs = pairRest(
      ps.filter((p) => p !== c),
      allowRematch,
      steps,
    );
    if (pairs) return { pairs, bye: c.id };
  }
  return null;
}

/** Pairs everyone in `ps` (in standing order), or null. */
function pairRest(ps: SwissEntrant[], allowRematch: boolean, steps: { n: number }): Array<[string, string]> | null {
  if (ps.length === 0) return [];
  if (++steps.n > STEP_LIMIT) return null;
  const [p, ...rest] = ps;
  for (const q of preference(p, rest)) {
    if (!allowRematch && p.opponents.has(q.id)) continue;
    const tail = pairRest(
      rest.filter((r) => r !== q),
      allowRematch,
      steps,
    );
    if (tail) return [[p.id, q.id], ...tail];
  }
  return null;
}

/** `p`'s opponents in order of preference: its own score group from the Dutch place on, then the nearest scores. */
function preference(p: SwissEntrant, rest: SwissEntrant[]): SwissEntrant[] {
  const group = rest.filter((r) => r.score === p.score);
  // p is the group's first: with the others, the group has group.length + 1 players; p meets the first of the bottom half.
  const ideal = Math.floor((group.length + 1) / 2) - 1;
  const ownGroup = group.map((q, i) => ({ q, d: Math.abs(i - Math.max(0, ideal)) + (i < ideal ? 0.5 : 0) })).sort((a, b) => a.d - b.d);
  const others = rest.filter((r) => r.score !== p.score).sort((a, b) => Math.abs(a.score - p.score) - Math.abs(b.score - p.score) || byStanding(a, b));
  return [...ownGroup.map((x) => x.q), ...others];
}
