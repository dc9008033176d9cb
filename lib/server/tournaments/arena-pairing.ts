// Arena pairing, pure (lila's AntmaPairing: a minimum-weight matching of the waiting players): the
// cost of a pair is the distance in the standings, weighted more at the top, plus the rating gap; a
// pair that just played each other is never made. Exact (a bitmask DP) up to EXACT_MAX waiting
// players; beyond, neighbours in rank order greedily (a big arena's waiting room is large and fluid).
export interface ArenaWaiting {
  id: string;
  /** 1 = leading the standings. */
  rank: number;
  rating: number;
  lastOpponent: string | null;
}

export const EXACT_MAX = 16;
const NONE = Number.POSITIVE_INFINITY;
/** Leaving a player unpaired costs more than any pair: as many pairs as possible first. */
const LEFT_OUT = 1e9;

const justPlayed = (a: ArenaWaiting, b: ArenaWaiting) => a.lastOpponent === b.id || b.lastOpponent === a.id;

/** lila's rank factor: a rank gap near the top of `maxRank` weighs up to 2000, at the bottom 300. */
const rankFactor = (a: ArenaWaiting, b: ArenaWaiting, maxRank: number) => 300 + (1700 * (maxRank - Math.min(a.rank, b.rank))) / Math.max(1, maxRank);

export function pairCost(a: ArenaWaiting, b: ArenaWaiting, maxRank: number): number {
  if (justPlayed(a, b)) return NONE;
  return Math.abs(a.rank - b.rank) * rankFactor(a, b, maxRank) + Math.abs(a.rating - b.rating);
}

/**
 * The pairs to make now (each as [a, b] in rank order); who is left waits for the next pass.
 * `onlyTwoActive`: the event has two players who are not paused or withdrawn (lila's onlyTwoActivePlayers):
 * they meet again and again, as nobody else could come; else two who just played would wait to the end.
 */
export function pairArena(waiting: readonly ArenaWaiting[], o: { onlyTwoActive?: boolean } = {}): Array<[string, string]> {
  const ps = [...waiting].sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id));
  if (ps.length < 2) return [];
  if (o.onlyTwoActive && ps.length === 2) return [[ps[0].id, ps[1].id]];
  const maxRank = Math.max(...ps.map((p) => p.rank));
  return ps.length <= EXACT_MAX ? exact(ps, maxRank) : greedy(ps, maxRank);
}

function exact(ps: ArenaWaiting[], maxRank: number): Array<[string, string]> {
  const n = ps.length;
  const full = (1 << n) - 1;
  const cost = new Float64Array(1 << n).fill(NONE);
  const choice = new Int32Array(1 << n).fill(-2);
  cost[full] = 0;
  // cost[mask]: the least cost to settle everyone not in mask (mask: already settled).
  for (let mask = full - 1; mask >= 0; mask--) {
    let i = 0;
    while (mask & (1 << i)) i++;
    const rest = mask | (1 << i);
    let best = cost[rest] + LEFT_OUT;
    let pick = -1;
    for (let j = i + 1; j < n; j++) {
      if (mask & (1 << j)) continue;
      const c = pairCost(ps[i], ps[j], maxRank);
      if (c === NONE) continue;
      const total = c + cost[rest | (1 << j)];
      if (total < best) {
        best = total;
        pick = j;
      }
    }
    cost[mask] = best;
    choice[mask] = pick;
  }
  const out: Array<[string, string]> = [];
  let mask = 0;
  while (mask !== full) {
    let i = 0;
    while (mask & (1 << i)) i++;
    const j = choice[mask];
    mask |= 1 << i;
    if (j >= 0) {
      out.push([ps[i].id, ps[j].id]);
      mask |= 1 << j;
    }
  }
  return out;
}

function greedy(ps: ArenaWaiting[], maxRank: number): Array<[string, string]> {
  const used = new Set<number>();
  const out: Array<[string, string]> = [];
  for (let i = 0; i < ps.length; i++) {
    if (used.has(i)) continue;
    // The cheapest of the next few unpaired (looking far is pointless: costs grow with the rank gap).
    let best = -1;
    let bestCost = NONE;
    for (let j = i + 1, seen = 0; j < ps.length && seen < 8; j++) {
      if (used.has(j)) continue;
      seen++;
      const c = pairCost(ps[i], ps[j], maxRank);
      if (c < bestCost) {
        bestCost = c;
        best = j;
      }
    }
    if (best < 0) continue;
    used.add(i).add(best);
    out.push([ps[i].id, ps[best].id]);
  }
  return out;
}

/**
 * At most `max` of `pairs`, those with the player waiting longest first (`since`: when each began to
 * wait), in their order otherwise: a big wave is seated over several passes, and nobody starves.
 */
export function firstWave(pairs: ReadonlyArray<[string, string]>, since: (id: string) => number, max: number): Array<[string, string]> {
  if (pairs.length <= max) return [...pairs];
  const waited = (p: readonly [string, string]) => Math.min(since(p[0]), since(p[1]));
  return pairs
    .map((p, i) => ({ p, i }))
    .sort((x, y) => waited(x.p) - waited(y.p) || x.i - y.i)
    .slice(0, max)
    .map((x) => x.p);
}
