// The lobby's list shared fairly between networks: one party (one address, or many of one /24 or
// /64: lib/server/limits/network) cannot fill its lines and hide everyone else's challenges
// (issue 25: 17 guests from one address posted 51 challenges in 1.6 s and the 50-line list showed
// only theirs). The list takes one challenge from each network in turn, the network with the
// newest challenge first and each network's newest first, so with up to `max` networks posting,
// every network is on the list; a network alone may still fill it.
import { networkOf } from "../limits/network";

export interface Listed {
  authorId: string;
  authorIp: string | null;
  createdAt: Date;
}

/** The network a challenge counts in (one posted before addresses were kept: its author's own). */
export const challengeNetwork = (c: Pick<Listed, "authorId" | "authorIp">) => (c.authorIp ? networkOf(c.authorIp) : `player:${c.authorId}`);

/** Up to `max` of `rows`, interleaved by network (round-robin), newest first within each turn. */
export function interleaveByNetwork<T extends Listed>(rows: T[], max: number): T[] {
  const newestFirst = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const queues = new Map<string, T[]>();
  for (const r of newestFirst) {
    const key = challengeNetwork(r);
    const q = queues.get(key);
    if (q) q.push(r);
    else queues.set(key, [r]);
  }
  // Map order: by each network's newest challenge (the first seen in newest-first order).
  const lines = [...queues.values()];
  const out: T[] = [];
  for (let turn = 0; out.length < max; turn++) {
    let any = false;
    for (const q of lines) {
      if (turn >= q.length) continue;
      any = true;
      out.push(q[turn]);
      if (out.length === max) break;
    }
    if (!any) break;
  }
  return out;
}
