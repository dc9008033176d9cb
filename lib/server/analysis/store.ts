// The only code that knows the analysis rows (prisma/models/analysis.prisma): one AnalysisJob per
// game, one MoveAnalysis per analysed ply. A job is held by one node at a time through a lease
// (runBy + leaseUntil, renewed every ply), so a node that dies lets go by expiry and a restart or
// another node resumes the job from its last stored ply.
import type { Score } from "../../../engine";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/client";
import { fairOrder, SERVED_WINDOW_MS, type OpenJob, type RecentStart } from "./fairness";
import { summarize, type AnalysisRoot, type AnalysisStatus, type AnalysisView, type Mark, type PlyAnalysis } from "../../shared/analysis";

/** Requested or running: the jobs that count against the caps. */
const OPEN: AnalysisStatus[] = ["requested", "running"];

export interface JobRow {
  gameId: string;
  status: AnalysisStatus;
  done: number;
  total: number;
  reason: string | null;
}

export class AnalysisStore {
  constructor(private readonly db: Db) {}

  /** A new job; false when the game has one already (the unique gameId is the arbiter). */
  async create(job: { gameId: string; total: number; requestedBy: string | null; requestedIp: string | null }): Promise<boolean> {
    try {
      await this.db.analysisJob.create({ data: { ...job, status: "requested" } });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /** A failed job and its plies go, so it can be asked for again. */
  async dropFailed(gameId: string): Promise<void> {
    const gone = await this.db.analysisJob.deleteMany({ where: { gameId, status: "failed" } });
    if (gone.count) await this.db.moveAnalysis.deleteMany({ where: { gameId } });
  }

  async job(gameId: string): Promise<JobRow | null> {
    const row = await this.db.analysisJob.findUnique({ where: { gameId }, select: { gameId: true, status: true, done: true, total: true, reason: true } });
    return row ? { ...row, status: row.status as AnalysisStatus } : null;
  }

  /** Open jobs, all together or of one requester (an identity or an address). */
  async openCount(by?: { playerId: string | null; ip: string | null }): Promise<number> {
    const who = by ? [...(by.playerId ? [{ requestedBy: by.playerId }] : []), ...(by.ip ? [{ requestedIp: by.ip }] : [])] : [];
    if (by && !who.length) return 0;
    return this.db.analysisJob.count({ where: { status: { in: OPEN }, ...(who.length ? { OR: who } : {}) } });
  }

  /** Every open job (requested or running): the caps and the fair order read them (few: the caps bound them). */
  async openJobs(): Promise<Array<OpenJob & { free: (now: Date) => boolean }>> {
    const rows = await this.db.analysisJob.findMany({
      where: { status: { in: OPEN } },
      select: { gameId: true, requestedBy: true, requestedIp: true, total: true, done: true, createdAt: true, leaseUntil: true },
    });
    return rows.map(({ leaseUntil, ...job }) => ({ ...job, free: (now: Date) => !leaseUntil || leaseUntil < now }));
  }

  /** Who had jobs started lately (./fairness: the party served least recently goes first). */
  async recentStarts(now: Date): Promise<RecentStart[]> {
    const rows = await this.db.analysisJob.findMany({
      where: { startedAt: { gt: new Date(now.getTime() - SERVED_WINDOW_MS) } },
      select: { requestedBy: true, requestedIp: true, startedAt: true },
    });
    return rows.flatMap((r) => (r.startedAt ? [{ requestedBy: r.requestedBy, requestedIp: r.requestedIp, startedAt: r.startedAt }] : []));
  }

  /** Open jobs nobody holds (never started, or their holder's lease lapsed), in the fair order (./fairness). */
  async claimable(now: Date, limit: number): Promise<string[]> {
    const open = await this.openJobs();
    const free = open.filter((j) => j.free(now));
    if (!free.length) return [];
    return fairOrder(free, open, await this.recentStarts(now)).slice(0, limit);
  }

  /** Takes (or renews) the job for `nodeId` until `until`; null when another node holds it or it is over. */
  async claim(gameId: string, nodeId: string, now: Date, until: Date): Promise<JobRow | null> {
    const r = await this.db.analysisJob.updateMany({
      where: { gameId, status: { in: OPEN }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }, { runBy: nodeId }] },
      data: { status: "running", runBy: nodeId, leaseUntil: until },
    });
    if (!r.count) return null;
    await this.db.analysisJob.updateMany({ where: { gameId, startedAt: null }, data: { startedAt: now } });
    return this.job(gameId);
  }

  /** Lets go of a job without finishing it (this node is closing): another start takes it at once. */
  async release(gameId: string, nodeId: string): Promise<void> {
    await this.db.analysisJob.updateMany({ where: { gameId, runBy: nodeId, status: "running" }, data: { leaseUntil: null } });
  }

  /** One ply's result, and the job's progress with it (only while `nodeId` holds it; false if it lost the job). */
  async savePly(gameId: string, nodeId: string, p: PlyAnalysis, leaseUntil: Date): Promise<boolean> {
    const data = {
      color: p.color,
      before: JSON.stringify(p.before),
      after: JSON.stringify(p.after),
      best: p.best ? JSON.stringify(p.best) : null,
      bestScore: JSON.stringify(p.bestScore),
      line: JSON.stringify(p.line),
      rank: p.rank,
      candidates: p.candidates,
      winBefore: p.winBefore,
      winAfter: p.winAfter,
      loss: p.loss,
      mark: p.mark,
      depth: p.depth,
      roots: p.roots ? JSON.stringify(p.roots) : null,
    };
    // One transaction: a node killed between the two writes must not leave `done` past a ply with no row
    // (the node taking the job over resumes at done + 1, and that ply would be missing for good).
    return this.db.$transaction(async (tx) => {
      const held = await tx.analysisJob.updateMany({
        where: { gameId, runBy: nodeId, status: "running" },
        data: { done: p.ply, leaseUntil },
      });
      if (!held.count) return false;
      await tx.moveAnalysis.upsert({ where: { gameId_ply: { gameId, ply: p.ply } }, create: { gameId, ply: p.ply, ...data }, update: data });
      return true;
    });
  }

  async finish(gameId: string, nodeId: string): Promise<void> {
    await this.db.analysisJob.updateMany({ where: { gameId, runBy: nodeId }, data: { status: "done", leaseUntil: null, finishedAt: new Date() } });
  }

  async fail(gameId: string, reason: string): Promise<void> {
    await this.db.analysisJob.updateMany({
      where: { gameId, status: { in: OPEN } },
      data: { status: "failed", reason: reason.slice(0, 300), leaseUntil: null, finishedAt: new Date() },
    });
  }

  async plies(gameId: string): Promise<PlyAnalysis[]> {
    const rows = await this.db.moveAnalysis.findMany({ where: { gameId }, orderBy: { ply: "asc" } });
    return rows.map((r) => ({
      ply: r.ply,
      color: r.color as 1 | 2,
      before: JSON.parse(r.before) as Score,
      after: JSON.parse(r.after) as Score,
      best: r.best ? (JSON.parse(r.best) as { x: number; y: number }) : null,
      bestScore: JSON.parse(r.bestScore) as Score,
      line: JSON.parse(r.line) as Array<{ x: number; y: number }>,
      rank: r.rank,
      candidates: r.candidates,
      winBefore: r.winBefore,
      winAfter: r.winAfter,
      loss: r.loss,
      mark: r.mark as Mark,
      depth: r.depth,
      ...(r.roots ? { roots: JSON.parse(r.roots) as AnalysisRoot[] } : {}),
    }));
  }

  /** The job and its plies as browsers see them; null when the game has no job. */
  async view(gameId: string): Promise<AnalysisView | null> {
    const job = await this.job(gameId);
    if (!job) return null;
    const plies = await this.plies(gameId);
    return { ...job, plies, summary: job.status === "done" ? summarize(plies) : null };
  }
}
