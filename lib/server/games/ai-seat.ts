// The engine seats: whoever plays a game's engine side. When the service says a game changed and
// an engine is to move, this starts a search in the AI pool (once per turn), reports its progress,
// and hands the answer back to the service, which checks and commits it like any other move.
// Several nodes: each engine turn is claimed in the game's row first, so exactly one node searches
// it; a claim held elsewhere is retried when it lapses, and a sweep picks up the games a dead node
// left. It sits above the service and sees it only through EngineHost (lib/server/games/engines).
import { AiBusyError, type AiPool, type AiPriority } from "../ai/pool";
import { SITE_EXACT_ROOT_MOVES, type Analysis, type Color } from "../../../engine";
import type { EngineSettings, Thinking } from "../../shared/protocol";
import { searchTimeMs } from "./clock";
import { actorOf, inOpening, phaseOf, stonesOf, toMoveOf, type Entry } from "./entry";
import type { Swap2Step } from "../ai/task";
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
  /**
   * A game against the AI without a clock whose player has had no socket in the room this long is
   * "gone": its search is stopped and the turn waits for them to come back (default 20,000 ms;
   * 0: never). One node only: with several, a node does not know every node's sockets.
   */
  goneMs?: number;
  /**
   * While the person thinks in a game against the AI, the engine searches their position at the lowest
   * priority for at most this long; their move is stored with its score and rank from that search
   * (default 30,000 ms; 0: never). One node only, as goneMs.
   */
  ponderMs?: number;
}

/** A search of the person's position while they think: its answer scores their move. */
interface Ponder {
  ply: number;
  abort: AbortController;
  /** Stops the search, keeping the answer of its last completed depth. */
  finish: AbortController;
  answer: Promise<Analysis | null>;
}

interface Ticket {
  gen: number;
  ply: number;
  /** Aborted the moment the answer can no longer be used (reset, close): the search stops, its thread is freed. */
  abort: AbortController;
}

/**
 * Whose search it is, for the AI's caps and turn order: the person playing the AI (their identity:
 * one person's many games share one cap), else the address that made the game (a script without a
 * session), else the game (reloaded from the rows, its maker unknown).
 */
const ownerOf = (e: Readonly<Entry>) => {
  const person = e.seats[1].kind === "human" ? e.players[1] : e.seats[2].kind === "human" ? e.players[2] : null;
  return person ? `player:${person}` : (e.aiOwner ?? `game:${e.id}`);
};
/** The colour of the one person in a game against the AI, or null (AI vs AI, two people). */
function humanSeatOf(e: Readonly<Entry>): Color | null {
  const h1 = e.seats[1].kind === "human";
  const h2 = e.seats[2].kind === "human";
  return h1 === h2 ? null : h1 ? 1 : 2;
}

/** Nobody waits for an AI-vs-AI move (the TV, watched matches): it yields to the live turns. */
const priorityOf = (e: Readonly<Entry>): AiPriority => (e.seats[1].kind === "engine" && e.seats[2].kind === "engine" ? "tv" : "live");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The sweep leaves a game whose last move is younger than this: the node that took the move claims the reply (else both would search it). */
const SWEEP_SKIP_FRESH_MS = 2000;

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
  private readonly goneMs: number;
  /** Games whose player stepped away during the engine's search: when the wait runs out, the search is stopped. */
  private goneTimers = new Map<string, NodeJS.Timeout>();
  /** Games whose engine turn was stopped because their player is gone: restarted when they come back. */
  private parked = new Set<string>();
  private readonly ponderMs: number;
  private ponders = new Map<string, Ponder>();

  constructor(
    private readonly host: EngineHost,
    opts: AiSeatOptions,
  ) {
    this.ai = opts.ai;
    this.pauseMs = opts.pauseMs ?? 300;
    this.claimGraceMs = opts.claimGraceMs ?? 3000;
    this.sweepMs = opts.sweepMs ?? 5000;
    this.busyRetryMs = opts.busyRetryMs ?? 1000;
    this.goneMs = opts.goneMs ?? 20_000;
    this.ponderMs = opts.ponderMs ?? 30_000;
  }

  /** If an engine is to move, start its search (once: a second call while it runs does nothing). */
  turn(e: Readonly<Entry>): void {
    this.endPonder(e);
    if (this.closed || e.status !== "playing") return;
    // In a swap2 opening the seat that acts is the placer or chooser, whatever the colour of the next stone.
    const color = actorOf(e);
    const seat = e.seats[color];
    if (seat.kind !== "engine") return this.startPonder(e);
    if (this.running.has(e.id)) return;
    const ticket: Ticket = { gen: this.gen(e.id), ply: e.moves.length + 1, abort: new AbortController() };
    this.running.set(e.id, ticket);
    this.parked.delete(e.id);
    const p = (inOpening(e) ? this.runSwap2(e, seat.engine, ticket) : this.run(e, color, seat.engine, ticket)).finally(() => this.pending.delete(p));
    this.pending.add(p);
    this.watchPlayer(e);
  }

  seatsChanged(gameId: string): void {
    const e = this.host.peek(gameId);
    if (!e || this.closed) return;
    const human = humanSeatOf(e);
    if (human === null) return;
    if (this.host.seatConnected(gameId, human)) {
      this.clearGone(gameId);
      // Back for a turn that was stopped while they were away: search it now.
      if (this.parked.delete(gameId))
        void this.host.resume(gameId).catch((err) => this.host.log.warn({ err, gameId }, "could not restart a stopped engine turn"));
    } else this.watchPlayer(e);
  }

  reset(gameId: string): void {
    this.stopPonder(gameId);
    this.clearGone(gameId);
    this.parked.delete(gameId);
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
    for (const t of this.goneTimers.values()) clearTimeout(t);
    this.goneTimers.clear();
    for (const t of this.claimRetry.values()) clearTimeout(t);
    this.claimRetry.clear();
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
    for (const t of this.running.values()) t.abort.abort(); // nobody will commit their answers
    for (const id of [...this.ponders.keys()]) this.stopPonder(id);
    await Promise.allSettled([...this.pending]);
  }

  private gen(id: string): number {
    return this.gens.get(id) ?? 0;
  }

  // ---------------------------------------------------------------- pondering: the person's moves scored

  /** The person is to move in a game against the AI: search their position while they think. */
  private startPonder(e: Readonly<Entry>): void {
    if (this.ponderMs <= 0 || this.host.cluster || this.closed || e.status !== "playing" || inOpening(e)) return;
    const human = humanSeatOf(e);
    if (human === null || toMoveOf(e) !== human || this.ponders.has(e.id)) return;
    const ply = e.moves.length + 1;
    const abort = new AbortController();
    const finish = new AbortController();
    const answer = this.ai
      .think({
        position: { size: e.size, rule: e.rule, stones: stonesOf(e), toMove: human },
        limits: { timeMs: this.ponderMs },
        algo: "alphabeta",
        priority: "analysis",
        owner: `${ownerOf(e)}:ponder`,
        signal: abort.signal,
        finish: finish.signal,
      })
      .then(
        (a) => (a.depth > 0 ? a : null),
        () => null, // stopped, refused (a full queue) or failed: the move goes unscored
      );
    const p = answer.finally(() => this.pending.delete(p));
    this.pending.add(p);
    this.ponders.set(e.id, { ply, abort, finish, answer });
  }

  /** The game changed: a ponder for the move just played by the person scores it; any other is stopped. */
  private endPonder(e: Readonly<Entry>): void {
    const p = this.ponders.get(e.id);
    if (!p) return;
    const last = e.moves.at(-1);
    if (last && last.ply === p.ply && last.by === "human") {
      this.ponders.delete(e.id);
      p.finish.abort();
      void p.answer
        .then((a) => (a ? this.host.scoreHumanMove(e.id, last.ply, a) : undefined))
        .catch((err: unknown) => this.host.log.warn({ err, gameId: e.id }, "could not store a move's score"));
    } else if (p.ply !== e.moves.length + 1 || e.status !== "playing") this.stopPonder(e.id);
  }

  private stopPonder(gameId: string): void {
    const p = this.ponders.get(gameId);
    if (!p) return;
    this.ponders.delete(gameId);
    p.abort.abort();
  }

  // ---------------------------------------------------------------- a player who is gone

  /** If the engine is searching for a player who is not in the room, stop the search once they have been away goneMs. */
  private watchPlayer(e: Readonly<Entry>): void {
    const human = humanSeatOf(e);
    // With a clock the search is short (a fifth of the time left) and stopping it would lose the AI the game on time.
    if (this.goneMs <= 0 || this.host.cluster || e.clock || human === null) return;
    if (!this.running.has(e.id) || this.goneTimers.has(e.id) || this.host.seatConnected(e.id, human)) return;
    const id = e.id;
    const t = setTimeout(() => {
      this.goneTimers.delete(id);
      const ticket = this.running.get(id);
      if (!ticket || this.closed || this.host.seatConnected(id, human)) return;
      this.host.log.info({ gameId: id, ply: ticket.ply, awayMs: this.goneMs }, "engine search stopped: its player is gone");
      this.running.delete(id);
      this.parked.add(id);
      ticket.abort.abort();
    }, this.goneMs);
    t.unref?.();
    this.goneTimers.set(id, t);
  }

  private clearGone(gameId: string): void {
    const t = this.goneTimers.get(gameId);
    if (t) clearTimeout(t);
    this.goneTimers.delete(gameId);
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
        // Exact scores for the best few root moves, bounds for the rest: the heatmap keeps every
        // candidate while the move gets nearly the depth of a best-move-only search.
        limits: { timeMs, exactRootScores: SITE_EXACT_ROOT_MOVES, ...(engine.maxDepth ? { maxDepth: engine.maxDepth } : {}) },
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
      if (this.running.get(id) === ticket) {
        this.running.delete(id);
        this.clearGone(id);
      }
      if (this.thinkingNow.get(id)?.ply === ticket.ply) this.thinkingNow.delete(id);
    }
  }

  /**
   * The engine's step in a swap2 opening (engine/swap2 through the pool): the three first stones, a
   * choice, or the next stone of an opening left half-placed. Committed by the service like a
   * person's (EngineHost.playEngineSwap2); failures are retried as run() retries.
   */
  private async runSwap2(scheduled: Readonly<Entry>, engine: EngineSettings, ticket: Ticket, attempt = 1): Promise<void> {
    const id = scheduled.id;
    const log = this.host.log;
    const phase = phaseOf(scheduled);
    const current = () => this.running.get(id) === ticket && this.gen(id) === ticket.gen && !this.closed;
    try {
      const e = await this.host.load(id);
      if (e.status !== "playing" || e.moves.length + 1 !== ticket.ply || phaseOf(e) !== phase) return;
      const plies = e.moves.length;
      const step: Swap2Step = phase === "choose3" || phase === "choose5" ? "decide" : plies === 0 ? "open" : "next";
      if (this.host.cluster) {
        const claim = await this.host.rows.claimEngineTurn(id, ticket.ply, this.host.nodeId, engine.timeMs, this.claimGraceMs);
        if (claim !== true) {
          if (claim && current()) this.retryAt(id, claim);
          return;
        }
        if (!current()) return;
      }
      this.report({ gameId: id, ply: ticket.ply, depth: 0, score: { kind: "eval", value: 0 }, nodes: 0, timeMs: 0, pv: [] });
      const answer = await this.ai.swap2({
        step,
        // Stones in order (colours alternate from black); "next" searches for the colour of the next ply.
        position: { size: e.size, rule: e.rule, stones: stonesOf(e), toMove: toMoveOf(e) },
        limits: { timeMs: engine.timeMs, ...(engine.maxDepth ? { maxDepth: engine.maxDepth } : {}) },
        priority: priorityOf(e),
        owner: ownerOf(e),
        signal: ticket.abort.signal,
      });
      log.debug({ gameId: id, phase, answer }, "ai swap2");
      await this.host.playEngineSwap2({ gameId: id, plies, answer }, { current, committing: () => this.running.delete(id) });
    } catch (err) {
      if (ticket.abort.signal.aborted) return;
      if (err instanceof AiBusyError && current()) {
        log.warn({ gameId: id, phase }, err.message);
        await sleep(this.busyRetryMs);
        return this.runSwap2(scheduled, engine, ticket, attempt);
      }
      log.error({ err, gameId: id, phase, attempt }, "AI swap2 step failed");
      if (attempt < 3 && current()) {
        await sleep(500 * attempt);
        return this.runSwap2(scheduled, engine, ticket, attempt + 1);
      }
    } finally {
      if (this.running.get(id) === ticket) {
        this.running.delete(id);
        this.clearGone(id);
      }
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
        if (e && e.seats[actorOf(e)].kind !== "engine") continue; // we watch its clock; a human is to move
      }
      await this.host
        .resume(r.id, { skipFreshMs: SWEEP_SKIP_FRESH_MS })
        .catch((err) => this.host.log.warn({ err, gameId: r.id }, "sweep: could not resume a game"));
    }
  }
}
