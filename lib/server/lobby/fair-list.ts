// The lobby's list shared fairly: one party (one author, one address, or many addresses of one /24
// or /64: lib/server/limits/network) cannot fill its lines and hide everyone else's challenges
// (issue 25: 17 guests from one address posted 51 challenges in 1.6 s and the 50-line list showed
// only theirs). The list takes one challenge from each network in turn (the network with the newest
// challenge first), and each network's line takes one challenge from each of its authors in turn,
// newest first: with up to `max` networks posting, every network is on the list, and within a
// network (a classroom behind one address) every author comes before anyone's second challenge.
// A network alone may still fill the list.
import { networkOf } from "../limits/network";

export interface Listed {
  authorId: string;
  authorIp: string | null;
  createdAt: Date;
}

/** The network a challenge counts in (one posted before addresses were kept: its author's own). */
export const challengeNetwork = (c: Pick<Listed, "authorId" | "authorIp">) => (c.authorIp ? networkOf(c.authorIp) : `player:${c.authorId}`);

/** `rows` (already in order) split by `key`, the groups in the order of their first row. */
function groupBy<T>(rows: T[], key: (r: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  return [...groups.values()];
}

/** One from each group in turn (the groups' first rows, then their second rows, …), up to `max`. */
function roundRobin<T>(groups: T[][], max = Infinity): T[] {
  const out: T[] = [];
  for (let turn = 0; out.length < max; turn++) {
    const before = out.length;
    for (const g of groups) {
      if (turn < g.length) out.push(g[turn]);
      if (out.length === max) break;
    }
    if (out.length === before) break;
  }
  return out;
}

/** Up to `max` of `rows`: networks in turn, and each network's authors in turn, newest first. */
export function interleaveByNetwork<T extends Listed>(rows: T[], max: number): T[] {
  const newestFirst = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const networks = groupBy(newestFirst, challengeNetwork).map((line) => roundRobin(groupBy(line, (r) => r.authorId)));
  return roundRobin(networks, max);
}
