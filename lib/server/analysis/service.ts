// Game analysis: a finished game's every ply searched by our engine at a fixed budget, at the AI
// pool's lowest priority ("analysis", on the background threads: never before a live turn), each
// ply stored as it is done and broadcast to the game's room ("update"). Jobs are rows (./store)
// that a queue (./queue) hands to a node; a job resumes from its last stored ply after a restart.
import { EventEmitter } from "node:events";
import { AiBusyError, type AiPool } from "../ai/pool";
import type { AnalysisSettings } from "../config";
import type { GameService } from "../games/service";
import { GameError, fail } from "../errors";
import type { Logger } from "../log";
import type { Db } from "../db/client";
import { summarize, type AnalysisUpdate, type AnalysisView } from "../../shared/analysis";
import type { GameState } from "../../shared/protocol";
import type { AnalysisFailure } from "../../shared/analysis/failures";
import { analysePly, type Search } from "./analyse-ply";
import { AnalysisStore } from "./store";
import { BullQueue, DbQueue, type JobQueue } from "./queue";
import { networkPlies, partiesOf, pliesAhead } from "./fairness";
import { PuzzleMiner } from "../puzzles/mining";

export interface AnalysisOptions {
  db: Db;
  games: GameService;
  ai: AiPool;
  log: Logger;
  nodeId: string;
  settings: AnalysisSettings;
  /** REDIS_URL: jobs through BullMQ (any node takes them); null: this node runs them from the rows. */
  redis?: { url: string; prefix: string } | null;
  /** How often the DB queue looks for jobs nobody holds (default 5 s). */
  pollMs?: number;
}

/** Who asks (the caps count per identity and per address). */
export interface Requester {
  playerId: string | null;
  ip: string | null;
}

/** The job could not be claimed: another node holds it (the queue tries again later). */
class HeldElsewhere extends Error {}

export class AnalysisService extends EventEmitter<{ update: [AnalysisUpdate] }> {
  readonly store: AnalysisStore;
  private readonly queue: JobQueue;
  private readonly running = new Map<string, AbortController>();
  private closed = false;
  /** Puzzles from the games this node analyses (settings.puzzles): proven on a thread of their own, after each job. */
  readonly miner: PuzzleMiner | null;

  constructor(private readonly opts: AnalysisOptions) {
    super();
    this.store = new AnalysisStore(opts.db);
    const { concurrency, leaseMs } = opts.settings;
    this.queue = opts.redis
      ? new BullQueue(opts.redis.url, { prefix: opts.redis.prefix, concurrency, leaseMs, log: opts.log })
      : new DbQueue(this.store, { concurrency, pollMs: opts.pollMs ?? 5000, log: opts.log, clock: opts.games.clock });
    const { puzzles, proofMs, proofMb, minedPerDay } = opts.settings;
    this.miner = puzzles ? new PuzzleMiner(opts.db, { proofMs, proofMb, perOwnerDay: minedPerDay }, opts.log, opts.games.clock) : null;
  }

  /** Starts running jobs: those left requested or running by a previous start too. Concurrency 0: none (a web node whose analyses run on workers). */
  async start(): Promise<void> {
    if (this.opts.settings.concurrency > 0) await this.queue.start((gameId) => this.run(gameId));
    // With BullMQ, rows whose queue entry was lost (Redis emptied) are queued again (one job per id).
    if (this.opts.redis) {
      const open = await this.store.openJobs();
      for (const id of await this.store.claimable(new Date(), 1000))
        await this.queue.add(
          id,
          pliesAhead(
            open.find((j) => j.gameId === id)!,
            open,
          ),
        );
    }
    if (this.opts.settings.auto) {
      // A game ends by a move (five, a full board) or otherwise (resignation, time, agreement).
      this.opts.games.on("moved", (e) => e.status === "finished" && this.auto(e.gameId));
      this.opts.games.on("state", (s) => s.status === "finished" && s.kind === "hvh" && this.auto(s.id));
    }
  }

  /** Queues the analysis of a finished game; refuses a second one, a missing or unfinished game, and over the caps. */
  async request(gameId: string, who: Requester): Promise<AnalysisView> {
    const known = await this.store.job(gameId);
    if (known && known.status !== "failed")
      fail(
        "ALREADY_REQUESTED",
        known.status === "done" ? "This game is analysed already." : `This game's analysis is under way (${known.done} / ${known.total}).`,
      );
    const state = await this.opts.games.getState(gameId); // NOT_FOUND for an unknown game
    if (state.status !== "finished") fail("NOT_FINISHED", "Only a finished game can be analysed: come back when it is over.");
    if (!state.moves.length) fail("NOT_ALLOWED", "This game has no moves to analyse.");
    const { perRequester, queueMax, pliesPerNetwork } = this.opts.settings;
    if ((await this.store.openCount(who)) >= perRequester)
      fail("LIMIT", `You have ${perRequester} analys${perRequester > 1 ? "es" : "is"} waiting or running already: wait for one to finish.`);
    // Counted per network in plies (./fairness): a network's first job always passes, however long the game.
    const open = await this.store.openJobs();
    const job = { gameId, requestedBy: who.playerId, requestedIp: who.ip, total: state.moves.length };
    const queued = networkPlies(partiesOf(job).network, open);
    if (queued > 0 && queued + job.total > pliesPerNetwork)
      fail("LIMIT", `Your network has ${queued} moves waiting for analysis already (at most ${pliesPerNetwork}): wait for some to finish.`);
    // The whole queue: a party with nothing queued is let in up to twice the size, and served soon (./fairness),
    // so filling the queue does not lock newcomers out.
    const ahead = pliesAhead({ ...job, createdAt: new Date() }, open);
    if (open.length >= (ahead === 0 ? 2 * queueMax : queueMax))
      fail("QUEUE_FULL", `The analysis queue is full (${open.length} games): try again in a few minutes.`);
    if (known) await this.store.dropFailed(gameId);
    if (!(await this.store.create(job))) fail("ALREADY_REQUESTED", "This game's analysis was just asked for.");
    // The plies its own parties queued before it: BullMQ's priority (the DB queue orders by the rows themselves).
    await this.queue.add(gameId, ahead);
    const view = (await this.store.view(gameId))!;
    this.broadcast(view, null);
    return view;
  }

  view(gameId: string): Promise<AnalysisView | null> {
    return this.store.view(gameId);
  }

  /** ANALYSIS_AUTO: every finished human-vs-human game, once (a game's later state broadcasts do not ask again). */
  private readonly autoSeen = new Set<string>();
  private auto(gameId: string): void {
    if (this.closed || this.autoSeen.has(gameId)) return;
    if (this.autoSeen.size > 10_000) this.autoSeen.clear();
    this.autoSeen.add(gameId);
    void (async () => {
      const s = await this.opts.games.getState(gameId);
      if (s.status !== "finished" || s.kind !== "hvh" || !s.moves.length) return;
      await this.request(gameId, { playerId: null, ip: null });
    })().catch((err: unknown) => {
      if (!(err instanceof GameError)) this.opts.log.warn({ err, gameId }, "analysis: automatic request failed");
    });
  }

  private broadcast(job: Omit<AnalysisView, "plies" | "summary"> & { summary?: AnalysisView["summary"] }, ply: AnalysisUpdate["ply"]): void {
    const { gameId, status, done, total, reason } = job;
    this.emit("update", { gameId, status, done, total, reason, summary: job.summary ?? null, ply });
  }

  /** Runs one job from its last stored ply to the end (the queue calls it). */
  private async run(gameId: string): Promise<void> {
    if (this.closed) throw new Error("closing");
    const { nodeId, log } = this.opts;
    const lease = () => new Date(Date.now() + this.opts.settings.leaseMs);
    const job = await this.store.claim(gameId, nodeId, new Date(), lease());
    if (!job) {
      const row = await this.store.job(gameId);
      if (row && (row.status === "requested" || row.status === "running")) throw new HeldElsewhere(`analysis of ${gameId} is held by another node`);
      return; // done, failed or gone
    }
    let state: GameState;
    try {
      state = await this.opts.games.getState(gameId);
    } catch (err) {
      log.warn({ err, gameId }, "analysis: the game could not be read");
      await this.failJob(job, "GAME_UNREADABLE");
      return;
    }
    const stop = new AbortController();
    this.running.set(gameId, stop);
    const search = this.search(gameId, stop.signal);
    const budget = { timeMs: this.opts.settings.plyMs, depth: this.opts.settings.depth };
    try {
      this.broadcast(job, null);
      for (let ply = job.done + 1; ply <= job.total; ply++) {
        const p = await analysePly(state, ply, search, budget);
        if (!(await this.store.savePly(gameId, nodeId, p, lease()))) return; // another node took it over
        log.debug({ gameId, ply, node: nodeId }, "analysis ply");
        this.broadcast({ ...job, done: ply }, p);
      }
      await this.store.finish(gameId, nodeId);
      const plies = await this.store.plies(gameId);
      this.broadcast({ ...job, status: "done", done: job.total, summary: summarize(plies) }, null);
      log.info({ gameId, plies: job.total }, "analysis done");
      // Its missed wins and only moves, proven as puzzles off this job (the queue takes the next game meanwhile).
      void this.miner?.gameAnalysed(gameId);
    } catch (err) {
      if (stop.signal.aborted || this.closed) {
        await this.store.release(gameId, nodeId).catch(() => {});
        throw new Error("stopped: the node is closing", { cause: err });
      }
      log.warn({ err, gameId }, "analysis failed");
      await this.failJob(job, "ENGINE_FAILED");
    } finally {
      this.running.delete(gameId);
    }
  }

  private async failJob(job: { gameId: string; done: number; total: number }, reason: AnalysisFailure): Promise<void> {
    await this.store.fail(job.gameId, reason);
    this.broadcast({ ...job, status: "failed", reason }, null);
  }

  /** One search at the lowest priority; when the pool is busy with people's searches, it waits and tries again. */
  private search(gameId: string, signal: AbortSignal): Search {
    return async (position, limits) => {
      for (;;) {
        try {
          const { threads } = this.opts.settings; // Lazy SMP: that many of the background threads
          return await this.opts.ai.think({ position, limits, priority: "analysis", owner: `analysis:${gameId}`, signal, threads });
        } catch (err) {
          if (!(err instanceof AiBusyError) || signal.aborted) throw err;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    };
  }

  /** Stops the jobs running here (their rows are let go: the next start, or another node, resumes them). */
  async close(): Promise<void> {
    this.closed = true;
    for (const stop of this.running.values()) stop.abort(new Error("closing"));
    await this.queue.close();
    await this.miner?.close();
    // Let the aborted runs write their release.
    for (let i = 0; i < 50 && this.running.size; i++) await new Promise((r) => setTimeout(r, 20));
  }
}
