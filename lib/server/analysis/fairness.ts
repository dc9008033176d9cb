// Who is served next from the analysis queue, so that one party cannot keep everyone else waiting
// however much it queued. A job counts against two parties: its requester's identity and its
// requester's network (lib/server/limits/network: /24, /64), so alts and neighbouring addresses
// count as one. Its cost is its plies (an imported 385-ply game costs 40 times a short one).
// The rule, pure (the store reads the rows, the queue runs the order):
//   1. fewest plies queued ahead by the job's own parties (their open jobs made before it, running
//      or waiting): a newcomer's first job (0 ahead) goes before a big party's second;
//   2. then the party served least recently (the latest start of its jobs in the last hour): with
//      two parties at 0 ahead, the one that just had a turn waits (round-robin);
//   3. then the oldest job.
import { networkOf } from "../limits/network";

/** An open job (requested or running) as the rule reads it. */
export interface OpenJob {
  gameId: string;
  requestedBy: string | null;
  requestedIp: string | null;
  total: number;
  done: number;
  createdAt: Date;
}

/** A job started lately (any status): who had a turn, when. */
export interface RecentStart {
  requestedBy: string | null;
  requestedIp: string | null;
  startedAt: Date;
}

/** How far back "served lately" looks. */
export const SERVED_WINDOW_MS = 3600_000;

/** The parties a job counts against: its identity (null: none) and its network ("auto": an automatic job, nobody asked). */
export function partiesOf(job: { requestedBy: string | null; requestedIp: string | null }): { identity: string | null; network: string } {
  return { identity: job.requestedBy, network: job.requestedIp ? networkOf(job.requestedIp) : job.requestedBy ? `player:${job.requestedBy}` : "auto" };
}

const shareParty = (a: ReturnType<typeof partiesOf>, b: ReturnType<typeof partiesOf>) =>
  a.network === b.network || (a.identity !== null && a.identity === b.identity);

/** Plies a job still needs. */
const remaining = (j: OpenJob) => Math.max(0, j.total - j.done);

/** Plies of a network's open jobs, whole (the ANALYSIS_PLIES_PER_NETWORK cap: a running job counts until it is done). */
export function networkPlies(network: string, open: OpenJob[]): number {
  return open.filter((j) => partiesOf(j).network === network).reduce((n, j) => n + j.total, 0);
}

/** Plies queued ahead of `job` by its own parties: the larger of its identity's and its network's open plies from before it. */
export function pliesAhead(job: Pick<OpenJob, "gameId" | "requestedBy" | "requestedIp" | "createdAt">, open: OpenJob[]): number {
  const mine = partiesOf(job);
  let network = 0;
  let identity = 0;
  for (const o of open) {
    if (o.gameId === job.gameId || !isBefore(o, job)) continue;
    const theirs = partiesOf(o);
    if (theirs.network === mine.network) network += remaining(o);
    if (mine.identity !== null && theirs.identity === mine.identity) identity += remaining(o);
  }
  return Math.max(network, identity);
}

const isBefore = (a: Pick<OpenJob, "createdAt" | "gameId">, b: Pick<OpenJob, "createdAt" | "gameId">) =>
  a.createdAt.getTime() < b.createdAt.getTime() || (a.createdAt.getTime() === b.createdAt.getTime() && a.gameId < b.gameId);

/** The latest start of a job of `job`'s parties among `starts` (0: none lately). */
function lastServed(job: OpenJob, starts: RecentStart[]): number {
  const mine = partiesOf(job);
  let latest = 0;
  for (const s of starts) if (shareParty(mine, partiesOf(s))) latest = Math.max(latest, s.startedAt.getTime());
  return latest;
}

/** `candidates` (open jobs nobody holds) in the order to run them; `open` is every open job (the running ones too). */
export function fairOrder(candidates: OpenJob[], open: OpenJob[], starts: RecentStart[]): string[] {
  const keyed = candidates.map((job) => ({ job, ahead: pliesAhead(job, open), served: lastServed(job, starts) }));
  keyed.sort((a, b) => a.ahead - b.ahead || a.served - b.served || (isBefore(a.job, b.job) ? -1 : 1));
  return keyed.map((k) => k.job.gameId);
}
