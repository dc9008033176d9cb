// The engine seats: whoever plays a game's engine side. When the service says a game changed and
// an engine is to move, this starts a search in the AI pool (once per turn), reports its progress,
// and hands the answer back to the service, which checks and commits it like any other move.
// Several nodes: each engine turn is claimed in the game's row first, so exactly one node searches
// it; a claim held elsewhere is retried when it lapses, and a sweep picks up the games a dead node
// left. It sits above the service and sees it only through EngineHost (lib/server/games/engines).
import { AiBusyError, type AiPool, type AiPriority } from "../ai/pool";
import type { Color } from "../../../engine";
import type { EngineSettings, Thinking } from "../../shared/protocol";
import { searchTimeMs } from "./clock";
import { stonesOf, toMoveOf, type Entry } from "./entry";
import type { EngineHost, EngineSeats } from "./engines";

export interface AiSeatOptions {
  ai: AiPool;
  /** Pause before each move of an AI-vs-AI game, so spectators can follow (default 300 ms). */
  pauseMs?: number;
  /** A claim lasts the search's time plus this (default 3000 ms); a node that died releases it by expiry. */
  claimGraceMs?: number;
  /** Cluster: how often to look for games nobody is moving (default 5000 ms). */
  sweepMs?: number;
  /** The AI refused the search (AI_BUSY): try again after this long (default 1000 ms). */
  busyRetryMs?: number;
}

interface Ticket {
  gen: number;
  ply: number;
  /** Aborted the moment the answer can no longer be used (reset, close): the search stops, its thread is freed. */
  abort: AbortController;
}

/** Whose search it is, for the AI's caps and turn order: the game (the service knows no person or address). */
const ownerOf = (e: Readonly<Entry>) => e.id;
/** Nobody waits for an AI-vs-AI move (the TV, watched matches): it yields to the live turns. */
const priorityOf = (e: Readonly<Entry>): AiPriority => (e.seats[1].kind === "engine" && e.seats[2].kind === "engine" ? "tv" : "live");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class AiSeat implements EngineSeats {
  private readonly ai: AiPool;
  private readonly pauseMs: number;
  private readonly claimGraceMs: number;
  private readonly sweepMs: number;
  private readonly busyRetryMs: number;
  /** Bumped whenever a game's move list is rewritten or ended: in-flight AI answers for an old generation are dropped. */
  private gens = new Map<string, number>();
  private running = new Map<string, Ticket>();
  /** The latest search report of each engine turn under way, for sockets that join in the middle of it. */
  private thinkingNow = new Map<string, Thinking>();
  private pending = new Set<Promise<unknown>>();
  /** Engine turns claimed by another node: retry when the claim lapses. */
  private claimRetry = new Map<string, NodeJS.Timeout>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly host: EngineHost,
    opts: AiSeatOptions,
  ) {
    this.ai = opts.ai;
    this.pauseMs = opts.pauseMs ?? 300;
    this.claimGraceMs = opts.claimGraceMs ?? 3000;
    this.sweepMs = opts.sweepMs ?? 5000;
    this.busyRetryMs = opts.busyRetryMs ?? 1000;
  }

  /** If an engine is to move, start its search (once: a second call while it runs does nothing). */
  turn(e: Readonly<Entry>): void {
    if (this.closed || e.status !== "playing") return;
    const color = toMoveOf(e);
    const seat = e.seats[color];
    if (seat.kind !== "engine") return;
    if (this.running.has(e.id)) return;
    const ticket: Ticket = { gen: this.gen(e.id), ply: e.moves.length + 1, abort: new AbortController() };
    this.running.set(e.id, ticket);
    const p = this.run(e, color, seat.engine, ticket).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  reset(gameId: string): void {
    this.gens.set(gameId, this.gen(gameId) + 1);
    this.running.get(gameId)?.abort.abort();
    this.running.delete(gameId);
  }

  refusal(e: Readonly<Entry>): string | null {
    return this.ai.refusal(ownerOf(e), priorityOf(e));
  }

  busy(gameId: string): boolean {
    return this.running.has(gameId);
  }

  thinking(gameId: string, ply: number): Thinking | null {
    const t = this.thinkingNow.get(gameId);
    if (!t || t.ply !== ply || !this.running.has(gameId)) return null;
    return t;
  }

  resumed(): void {
    this.startSweep();
  }

  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.claimRetry.values()) clearTimeout(t);
    this.claimRetry.clear();
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    for (const t of this.running.values()) t.abort.abort(); // nobody will commit their answers
    await Promise.allSettled([...this.pending]);
  }

  private gen(id: string): number {
    return this.gens.get(id) ?? 0;
  }

  // ---------------------------------------------------------------- one engine turn

  private async run(scheduled: Readonly<Entry>, color: Color, engine: EngineSettings, ticket: Ticket, attempt = 1): Promise<void> {
    const id = scheduled.id;
    const log = this.host.log;
    const current = () => this.running.get(id) === ticket && this.gen(id) === ticket.gen && !this.closed;
    try {
      if (scheduled.kind === "ava" && this.pauseMs > 0) await sleep(this.pauseMs);
      if (!current()) return;
      // Read once, after the pause (another node may have changed the game meanwhile); the service
      // checks the answer against the game as it is then, under the lock.
      const e = await this.host.load(id);
      // Another node played this turn meanwhile (its move reached our copy): the service would drop
      // the answer, and a claim for a ply already played could land (the row holds the next ply's).
      if (e.status !== "playing" || e.moves.length + 1 !== ticket.ply) return;
      const position = { size: e.size, rule: e.rule, stones: stonesOf(e), toMove: color };
      const started = Date.now();
      // With a clock, never think longer than a fifth of the time left.
      const timeMs = searchTimeMs(engine.timeMs, this.host.remainingMs(e));
      if (this.host.cluster) {
        // Exactly one node searches each engine turn: the one whose claim lands in the row.
        const claim = await this.host.rows.claimEngineTurn(id, ticket.ply, this.host.nodeId, timeMs, this.claimGraceMs);
        if (claim !== true) {
          if (claim && current()) this.retryAt(id, claim);
          return;
        }
        if (!current()) return;
      }
      // Say at once that the engine is on it: its first report may take a while (a deep first
      // iteration), and a socket joining now is told the latest report (thinkingOf).
      this.report({ gameId: id, ply: ticket.ply, depth: 0, score: { kind: "eval", value: 0 }, nodes: 0, timeMs: 0, pv: [] });
      const analysis = await this.ai.think({
        position,
        limits: { timeMs, ...(engine.maxDepth ? { maxDepth: engine.maxDepth } : {}) },
        algo: engine.algo,
        priority: priorityOf(e),
        owner: ownerOf(e),
        signal: ticket.abort.signal,
        onProgress: (pr) => {
          if (!current()) return;
          this.report({
            gameId: id,
            ply: ticket.ply,
            depth: pr.depth,
            score: pr.score,
            nodes: pr.nodes,
            timeMs: pr.timeMs,
            pv: pr.pv.map(({ x, y }) => ({ x, y })),
            ...(pr.top ? { top: pr.top.map((t) => ({ x: t.move.x, y: t.move.y, visits: t.visits, winRate: t.winRate })) } : {}),
          } satisfies Thinking);
        },
      });
      log.debug({ gameId: id, ply: ticket.ply, ms: Date.now() - started, depth: analysis.depth, nodes: analysis.nodes }, "ai move");
      await this.host.playEngineMove(
        { gameId: id, ply: ticket.ply, color, analysis },
        {
          current,
          // Before committing, so the next engine turn (AI vs AI) can be scheduled.
          committing: () => this.running.delete(id),
        },
      );
    } catch (err) {
      if (ticket.abort.signal.aborted) return; // stopped on purpose: the answer was of no use
      if (err instanceof AiBusyError && current()) {
        // Over the AI's caps (the service refuses moves then, but a turn can still slip in): wait, then try again.
        log.warn({ gameId: id, ply: ticket.ply }, err.message);
        await sleep(this.busyRetryMs);
        return this.run(scheduled, color, engine, ticket, attempt);
      }
      log.error({ err, gameId: id, ply: ticket.ply, attempt }, "AI turn failed");
      if (attempt < 3 && current()) {
        await sleep(500 * attempt);
        return this.run(scheduled, color, engine, ticket, attempt + 1);
      }
    } finally {
      if (this.running.get(id) === ticket) this.running.delete(id);
      if (this.thinkingNow.get(id)?.ply === ticket.ply) this.thinkingNow.delete(id);
    }
  }

  private report(t: Thinking): void {
    this.thinkingNow.set(t.gameId, t);
    this.host.reportThinking(t);
  }

  // ---------------------------------------------------------------- cluster: claims and the sweep

  /** Try the engine turn of game `id` again once another node's claim has lapsed. */
  private retryAt(id: string, until: Date): void {
    if (this.closed || this.claimRetry.has(id)) return;
    const ms = Math.max(50, until.getTime() - Date.now() + 50 + Math.floor(Math.random() * 250));
    const t = setTimeout(() => {
      this.claimRetry.delete(id);
      void this.host.resume(id).catch((err) => this.host.log.warn({ err, gameId: id }, "could not retry an engine turn"));
    }, ms);
    t.unref?.();
    this.claimRetry.set(id, t);
  }

  /** Cluster: every sweepMs, resume the games in progress that no node is moving (their node died). */
  private startSweep(): void {
    if (!this.host.cluster || this.sweepTimer || this.closed) return;
    const tick = async () => {
      try {
        await this.sweep();
      } catch (err) {
        this.host.log.warn({ err }, "sweep failed");
      }
      if (this.closed) return;
      this.sweepTimer = setTimeout(() => void tick(), this.sweepMs);
      this.sweepTimer.unref?.();
    };
    this.sweepTimer = setTimeout(() => void tick(), this.sweepMs);
    this.sweepTimer.unref?.();
  }

  private async sweep(): Promise<void> {
    const now = new Date();
    const rows = await this.host.rows.sweepCandidates(now);
    for (const r of rows) {
      if (this.closed) return;
      if (this.running.has(r.id) || this.claimRetry.has(r.id) || this.host.locked(r.id)) continue;
      const clockHere = this.host.clockRunning(r.id);
      if (r.aiClaimUntil && r.aiClaimUntil > now && (!r.clocked || clockHere)) continue; // a search is under way somewhere
      if (r.clocked && clockHere) {
        const e = this.host.peek(r.id);
        if (e && e.seats[toMoveOf(e)].kind !== "engine") continue; // we watch its clock; a human is to move
      }
      await this.host.resume(r.id).catch((err) => this.host.log.warn({ err, gameId: r.id }, "sweep: could not resume a game"));
    }
  }
}
