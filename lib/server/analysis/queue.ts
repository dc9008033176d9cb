// Where analysis jobs wait for a node to run them. The job row (./store) is the truth either way;
// a queue only says "this job wants running".
// - Without Redis (DbQueue): this node polls the rows for open jobs nobody holds and runs them,
//   `concurrency` at a time; a restart finds its requested and running jobs the same way.
// - With REDIS_URL (BullQueue): BullMQ, one job per game (its id is the game's), taken by any
//   node's worker; a node that dies mid-job stalls it and BullMQ hands it to another.
// Either way the order is fair (./fairness): the DB queue sorts the rows by the rule each time it
// takes a job; BullMQ takes jobs by priority, and a job's priority is the plies its own requester
// (identity or network) had queued before it, so a newcomer's job (0) goes before a big party's next one.
import { Queue, Worker, type ConnectionOptions } from "bullmq";
import type { Logger } from "../log";
import { realClock, type Clock, type TimerHandle } from "../time";
import type { AnalysisStore } from "./store";

export interface JobQueue {
  /** A job (its row written) wants running; `pliesAhead`: what its own requester queued before it (./fairness: fewer goes first). */
  add(gameId: string, pliesAhead: number): Promise<void>;
  /** Starts taking jobs: `run` analyses one game (it claims the row itself; it throws to be retried later). */
  start(run: (gameId: string) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export class DbQueue implements JobQueue {
  private readonly active = new Set<string>();
  private run: ((gameId: string) => Promise<void>) | null = null;
  private timer: TimerHandle | null = null;
  private pumping = false;
  private again = false;
  private closed = false;
  private readonly clock: Clock;

  constructor(
    private readonly store: AnalysisStore,
    private readonly opts: { concurrency: number; pollMs: number; log: Logger; clock?: Clock },
  ) {
    this.clock = opts.clock ?? realClock;
  }

  async add(): Promise<void> {
    this.pump();
  }

  async start(run: (gameId: string) => Promise<void>): Promise<void> {
    this.run = run;
    this.poll();
    this.pump();
  }

  /** Every pollMs until closed: look for open jobs (another node's request, a lease that lapsed). */
  private poll(): void {
    this.timer = this.clock.setTimeout(() => {
      this.pump();
      if (!this.closed) this.poll();
    }, this.opts.pollMs);
    this.timer.unref();
  }

  /** Starts claimable jobs while there is room (one pump at a time; a call meanwhile pumps again after). */
  private pump(): void {
    if (!this.run || this.closed) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    void (async () => {
      try {
        do {
          this.again = false;
          const room = this.opts.concurrency - this.active.size;
          if (room <= 0) break;
          const ids = (await this.store.claimable(new Date(this.clock.now()), room + this.active.size)).filter((id) => !this.active.has(id)).slice(0, room);
          for (const id of ids) {
            this.active.add(id);
            void this.run!(id)
              .catch((err: unknown) => this.opts.log.debug({ err, gameId: id }, "analysis: job put back"))
              .finally(() => {
                this.active.delete(id);
                this.pump();
              });
          }
        } while (this.again && !this.closed);
      } catch (err) {
        this.opts.log.warn({ err }, "analysis: could not read the jobs");
      } finally {
        this.pumping = false;
      }
    })();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.clock.clearTimeout(this.timer);
  }
}

/** BullMQ's largest priority (2^21). */
const MAX_PRIORITY = 2_097_152;

export class BullQueue implements JobQueue {
  private readonly connection: ConnectionOptions;
  private readonly queue: Queue;
  private worker: Worker | null = null;

  constructor(
    redisUrl: string,
    private readonly opts: { prefix: string; concurrency: number; leaseMs: number; log: Logger },
  ) {
    this.connection = connectionOf(redisUrl);
    this.queue = new Queue("analysis", { connection: this.connection, prefix: `${opts.prefix}:bull` });
    this.queue.on("error", (err) => opts.log.warn({ err: err.message }, "analysis queue: redis error"));
  }

  async add(gameId: string, pliesAhead: number): Promise<void> {
    // jobId = the game: BullMQ keeps one job per id, so a second add of a waiting job is a no-op.
    // Retries: a job another node still holds (its lease not lapsed yet) is tried again shortly.
    await this.queue.add(
      "analyse",
      { gameId },
      // BullMQ: a lower priority number goes first (1 is the highest; jobs without one would go before all).
      {
        jobId: gameId,
        priority: Math.min(1 + pliesAhead, MAX_PRIORITY),
        attempts: 30,
        backoff: { type: "fixed", delay: 2000 },
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
  }

  async start(run: (gameId: string) => Promise<void>): Promise<void> {
    this.worker = new Worker("analysis", async (job) => run((job.data as { gameId: string }).gameId), {
      connection: this.connection,
      prefix: `${this.opts.prefix}:bull`,
      concurrency: this.opts.concurrency,
      // A node that stops renewing its lock for this long is presumed dead: another takes the job.
      lockDuration: this.opts.leaseMs,
      stalledInterval: Math.max(1000, Math.round(this.opts.leaseMs / 3)),
    });
    this.worker.on("error", (err) => this.opts.log.warn({ err: err.message }, "analysis worker: error"));
  }

  async close(): Promise<void> {
    await this.worker?.close(true);
    await this.queue.close();
  }
}

/** BullMQ's connection settings from a redis:// URL (BullMQ opens its own connections with them). */
function connectionOf(redisUrl: string): ConnectionOptions {
  const u = new URL(redisUrl);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
    ...(u.protocol === "rediss:" ? { tls: {} } : {}),
    // BullMQ's blocking commands need a connection that never gives up on a request.
    maxRetriesPerRequest: null,
  };
}
