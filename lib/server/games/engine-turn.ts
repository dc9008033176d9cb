// One engine turn, a move or a swap2 step, through one path: (pause between AI-vs-AI moves,) read the
// game, check the turn is still the one scheduled, claim it in the row (cluster), say the engine is on
// it, search, hand the answer to the service (which checks and commits it under the game's lock).
// A refused search (AI_BUSY) is tried again after busyRetryMs. A turn that failed (its search, or the
// write of its answer: SQLITE_BUSY, a full disk) is tried up to three times; then it is given up here
// and the game resumed after retryLaterMs (the service flags the AI if its time is up by then, else
// starts the turn again), so a game never waits silently for an AI move nobody will make. The AI's
// clock runs meanwhile, never the person's: it is the AI's turn.
import { AiBusyError, type AiPool } from "../ai/pool";
import { BRAIN_EXACT_ROOT, type Color } from "../../../engine";
import type { EngineSettings, Thinking } from "../../shared/protocol";
import { searchIsScore } from "../../shared/scores";
import { sleepOn, type Clock } from "../time";
import { searchTimeMs } from "./clock";
import { phaseOf, stonesOf, toMoveOf, type Entry } from "./entry";
import { ownerOf, priorityOf } from "./ai-parties";
import type { EngineHost } from "./engines";

/** What the runner needs of the service (EngineHost's part), the AI, the time, and the seat. */
export interface EngineTurnHost extends Pick<
  EngineHost,
  "cluster" | "nodeId" | "log" | "load" | "remainingMs" | "playEngineMove" | "playEngineSwap2" | "reportThinking"
> {
  readonly rows: Pick<EngineHost["rows"], "claimEngineTurn">;
  readonly ai: Pick<AiPool, "think" | "swap2">;
  readonly clock: Clock;
  /** Another node holds the turn's claim until `until`: try it again then. */
  claimHeld(gameId: string, until: Date): void;
  /** The turn was given up after its failures: resume the game at `at` (the service decides what is next). */
  retryAt(gameId: string, at: Date): void;
  /** The turn ended here, however it ended (the away watch stops watching it). */
  ended(gameId: string): void;
  /** A promise the seat waits for when it goes idle or closes. */
  track(p: Promise<unknown>): void;
}

export interface EngineTurnOptions {
  /** Pause before each move of an AI-vs-AI game (default 300 ms). */
  pauseMs?: number;
  /** A claim lasts the search's time plus this (default 3000 ms). */
  claimGraceMs?: number;
  /** The AI refused the search (AI_BUSY): try again after this long (default 1000 ms). */
  busyRetryMs?: number;
  /** A turn that failed three times is given up, and the game resumed after this long (default 10,000 ms). */
  retryLaterMs?: number;
}

/** Tries of one turn (its search and the write of its answer) before it is given up and the game resumed later. */
export const TURN_ATTEMPTS = 3;

interface Ticket {
  gen: number;
  ply: number;
  /** Aborted the moment the answer can no longer be used (reset, close): the search stops, its thread is freed. */
  abort: AbortController;
  /**
   * Its answer is being written (the service called committing()): once it is, the next engine turn
   * (AI vs AI) may start, and takes this one's place. Until then the turn stays this one's, so a
   * write that fails is tried again (it was let go before the write, and the game waited for ever).
   */
  released: boolean;
}

type Commit = (turn: { current(): boolean; committing(): void }) => Promise<void>;

/** One kind of turn, read from the game as it is: how long its claim lasts, how to search, how to commit. */
interface Step {
  claimMs: number;
  search(signal: AbortSignal, report: (t: Thinking) => void): Promise<Commit>;
}

export class EngineTurns {
  private readonly pauseMs: number;
  private readonly claimGraceMs: number;
  private readonly busyRetryMs: number;
  private readonly retryLaterMs: number;
  /** Bumped whenever a game's move list is rewritten or ended: in-flight answers for an old generation are dropped. */
  private gens = new Map<string, number>();
  private running = new Map<string, Ticket>();
  /** The latest search report of each engine turn under way, for sockets that join in the middle of it. */
  private thinkingNow = new Map<string, Thinking>();
  private closed = false;

  constructor(
    private readonly host: EngineTurnHost,
    opts: EngineTurnOptions = {},
  ) {
    this.pauseMs = opts.pauseMs ?? 300;
    this.claimGraceMs = opts.claimGraceMs ?? 3000;
    this.busyRetryMs = opts.busyRetryMs ?? 1000;
    this.retryLaterMs = opts.retryLaterMs ?? 10_000;
  }

  /** Starts the turn of `e`'s engine seat playing `color` (once: false if one is under way already). */
  start(e: Readonly<Entry>, color: Color, engine: EngineSettings): boolean {
    const held = this.running.get(e.id);
    if (this.closed || (held && !held.released)) return false;
    const ticket: Ticket = { gen: this.gen(e.id), ply: e.moves.length + 1, abort: new AbortController(), released: false };
    this.running.set(e.id, ticket);
    this.host.track(this.run(e, color, engine, ticket));
    return true;
  }

  /** A turn of the game is searching or scheduled here (not one whose answer is being written, or was and failed). */
  busy(gameId: string): boolean {
    const t = this.running.get(gameId);
    return !!t && !t.released;
  }

  thinking(gameId: string, ply: number): Thinking | null {
    const t = this.thinkingNow.get(gameId);
    return t && t.ply === ply && this.running.has(gameId) ? t : null;
  }

  /** Stops the turn under way (its answer is dropped); the ply it was for, or null. */
  stop(gameId: string): number | null {
    const t = this.running.get(gameId);
    if (!t) return null;
    this.running.delete(gameId);
    t.abort.abort();
    return t.ply;
  }

  /** The game's move list was rewritten or it ended: answers under way are for a position that no longer exists. */
  reset(gameId: string): void {
    this.gens.set(gameId, this.gen(gameId) + 1);
    this.stop(gameId);
  }

  close(): void {
    this.closed = true;
    // Nobody will commit their answers (an answer being written is left to finish).
    for (const t of this.running.values()) if (!t.released) t.abort.abort();
  }

  private gen(id: string): number {
    return this.gens.get(id) ?? 0;
  }

  private async run(scheduled: Readonly<Entry>, color: Color, engine: EngineSettings, ticket: Ticket, attempt = 1): Promise<void> {
    const id = scheduled.id;
    const { log, clock } = this.host;
    const phase = phaseOf(scheduled);
    const current = () => this.running.get(id) === ticket && this.gen(id) === ticket.gen && !this.closed;
    try {
      if (phase === "settled" && scheduled.kind === "ava" && this.pauseMs > 0) await sleepOn(clock, this.pauseMs);
      if (!current()) return;
      // Read once, after the pause (another node may have changed the game meanwhile); the service
      // checks the answer against the game as it is then, under the lock.
      const e = await this.host.load(id);
      // Another node played this turn meanwhile (its move reached our copy): the service would drop
      // the answer, and a claim for a ply already played could land (the row holds the next ply's).
      if (e.status !== "playing" || e.moves.length + 1 !== ticket.ply || phaseOf(e) !== phase) {
        // A try again of a failed turn whose game changed meanwhile: part of its answer was written (a
        // swap2 step's first stones), or another node moved. The service says what is next (resume),
        // so an engine still to act is not left waiting.
        if (attempt > 1 && e.status === "playing" && current()) this.host.retryAt(id, new Date(clock.now()));
        return;
      }
      // A try again after a failed write: the answer is not in the game, so the turn is still this one's.
      ticket.released = false;
      const step = phase === "settled" ? this.moveStep(e, color, engine) : this.swap2Step(e, engine);
      if (this.host.cluster) {
        // Exactly one node searches each engine turn: the one whose claim lands in the row.
        const claim = await this.host.rows.claimEngineTurn(id, ticket.ply, this.host.nodeId, step.claimMs, this.claimGraceMs);
        if (claim !== true) {
          if (claim && current()) this.host.claimHeld(id, claim);
          return;
        }
        if (!current()) return;
      }
      const report = (t: Thinking) => {
        if (!current()) return;
        this.thinkingNow.set(id, t);
        this.host.reportThinking(t);
      };
      // Say at once that the engine is on it: its first report may take a while (a deep first
      // iteration), and a socket joining now is told the latest report (thinking()).
      report({ gameId: id, ply: ticket.ply, depth: 0, score: { kind: "eval", value: 0 }, nodes: 0, timeMs: 0, pv: [] });
      const commit = await step.search(ticket.abort.signal, report);
      // Let go just before the write, so the next engine turn (AI vs AI) can be scheduled.
      await commit({ current, committing: () => void (ticket.released = true) });
    } catch (err) {
      if (ticket.abort.signal.aborted) return; // stopped on purpose: the answer was of no use
      if (err instanceof AiBusyError && current()) {
        // Over the AI's caps (the service refuses moves then, but a turn can still slip in): wait, then try again.
        log.warn({ gameId: id, ply: ticket.ply }, err.message);
        await sleepOn(clock, this.busyRetryMs);
        return await this.run(scheduled, color, engine, ticket, attempt);
      }
      if (phase === "settled") log.error({ err, gameId: id, ply: ticket.ply, attempt }, "AI turn failed");
      else log.error({ err, gameId: id, phase, attempt }, "AI swap2 step failed");
      if (attempt < TURN_ATTEMPTS && current()) {
        await sleepOn(clock, 500 * attempt);
        return await this.run(scheduled, color, engine, ticket, attempt + 1);
      }
      if (current()) {
        // Given up here; the game is not left waiting: it is resumed later (a flag if the AI's time is up).
        log.error({ gameId: id, ply: ticket.ply, attempts: attempt, retryInMs: this.retryLaterMs }, "AI turn given up: the game is resumed later");
        this.host.retryAt(id, new Date(clock.now() + this.retryLaterMs));
      }
    } finally {
      if (this.running.get(id) === ticket) {
        this.running.delete(id);
        this.host.ended(id);
      }
      if (this.thinkingNow.get(id)?.ply === ticket.ply) this.thinkingNow.delete(id);
    }
  }

  /** A move: a search of the position, its answer played like a person's move. */
  private moveStep(e: Readonly<Entry>, color: Color, engine: EngineSettings): Step {
    const { log, clock } = this.host;
    // With a clock, never think longer than a fifth of the time left.
    const timeMs = searchTimeMs(engine.timeMs, this.host.remainingMs(e));
    return {
      claimMs: timeMs,
      search: async (signal, report) => {
        const started = clock.now();
        const ply = e.moves.length + 1;
        const scores = searchIsScore(engine.algo);
        const analysis = await this.host.ai.think({
          position: { size: e.size, rule: e.rule, stones: stonesOf(e), toMove: color },
          // Exactly the brain's search, the whole budget on the move; the candidates' exact scores (the
          // heatmap, the notes) come after the move is played (./candidate-scores).
          limits: { timeMs, exactRootScores: BRAIN_EXACT_ROOT, ...(engine.maxDepth ? { maxDepth: engine.maxDepth } : {}) },
          algo: engine.algo,
          ...(engine.level ? { level: engine.level } : {}),
          priority: priorityOf(e),
          owner: ownerOf(e),
          signal,
          // The casual player's values are not scores (lib/shared/scores): its search is not shown as one.
          onProgress: (pr) =>
            scores &&
            report({
              gameId: e.id,
              ply,
              depth: pr.depth,
              score: pr.score,
              nodes: pr.nodes,
              timeMs: pr.timeMs,
              pv: pr.pv.map(({ x, y }) => ({ x, y })),
              ...(pr.top ? { top: pr.top.map((t) => ({ x: t.move.x, y: t.move.y, visits: t.visits, winRate: t.winRate })) } : {}),
            }),
        });
        log.debug({ gameId: e.id, ply, ms: clock.now() - started, depth: analysis.depth, nodes: analysis.nodes }, "ai move");
        return (turn) => this.host.playEngineMove({ gameId: e.id, ply, color, analysis, ...(engine.algo ? { algo: engine.algo } : {}) }, turn);
      },
    };
  }

  /**
   * The engine's step in a swap2 opening (engine/swap2 through the pool): the three first stones, a
   * choice, or the next stone of an opening left half-placed; committed by the service like a person's.
   */
  private swap2Step(e: Readonly<Entry>, engine: EngineSettings): Step {
    const phase = phaseOf(e);
    const plies = e.moves.length;
    const step = phase === "choose3" || phase === "choose5" ? "decide" : plies === 0 ? "open" : "next";
    return {
      claimMs: engine.timeMs,
      search: async (signal) => {
        const answer = await this.host.ai.swap2({
          step,
          // Stones in order (colours alternate from black); "next" searches for the colour of the next ply.
          position: { size: e.size, rule: e.rule, stones: stonesOf(e), toMove: toMoveOf(e) },
          limits: { timeMs: engine.timeMs, ...(engine.maxDepth ? { maxDepth: engine.maxDepth } : {}) },
          priority: priorityOf(e),
          owner: ownerOf(e),
          signal,
        });
        this.host.log.debug({ gameId: e.id, phase, answer }, "ai swap2");
        return (turn) => this.host.playEngineSwap2({ gameId: e.id, plies, answer }, turn);
      },
    };
  }
}
