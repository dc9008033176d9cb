// The engine seats: whoever plays a game's engine side. When the service says a game changed and
// an engine is to move, its turn is started (once per turn: ./engine-turn), which searches in the
// AI pool, reports its progress and hands the answer back to the service, which checks and commits
// it like any other move. While a person thinks, their position is searched (./ponder); a search for
// a person who left is stopped until they are back (./away-watch); several nodes claim each turn and
// sweep for the games a dead node left (./cluster-sweep); after an AI move, its candidates' exact
// scores are searched at the lowest priority (./candidate-scores). It sits above the service and sees
// it only through EngineHost (./engines); this file only wires the parts together.
import type { AiPool } from "../ai/pool";
import { actingSeatOf, type Entry } from "./entry";
import { ownerOf, priorityOf } from "./ai-parties";
import { AwayWatch } from "./away-watch";
import { CandidateScores } from "./candidate-scores";
import { ClusterSweep } from "./cluster-sweep";
import { EngineTurns } from "./engine-turn";
import { Ponder } from "./ponder";
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
  /** After an AI move in a game with a person, search its candidates' exact scores at the lowest priority (default true). */
  scoreCandidates?: boolean;
}

export class AiSeat implements EngineSeats {
  private readonly ai: AiPool;
  private readonly turns: EngineTurns;
  private readonly ponder: Ponder;
  private readonly scores: CandidateScores | null;
  private readonly away: AwayWatch;
  private readonly sweep: ClusterSweep;
  private pending = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly host: EngineHost,
    opts: AiSeatOptions,
  ) {
    this.ai = opts.ai;
    const { cluster, log, clock } = host;
    const track = (p: Promise<unknown>) => {
      const q = p.finally(() => this.pending.delete(q));
      this.pending.add(q);
    };
    const resume = (id: string, o?: { skipFreshMs?: number }) => host.resume(id, o);
    this.sweep = new ClusterSweep(
      {
        cluster,
        log,
        clock,
        rows: host.rows,
        searching: (id) => this.turns.busy(id),
        locked: (id) => host.locked(id),
        clockRunning: (id) => host.clockRunning(id),
        peek: (id) => host.peek(id),
        resume,
      },
      opts.sweepMs ?? 5000,
    );
    this.away = new AwayWatch(
      {
        cluster,
        log,
        clock,
        seatConnected: (id, c) => host.seatConnected(id, c),
        searching: (id) => this.turns.busy(id),
        stopSearch: (id) => this.turns.stop(id),
        resume,
      },
      opts.goneMs ?? 20_000,
    );
    this.turns = new EngineTurns(
      {
        cluster,
        nodeId: host.nodeId,
        log,
        clock,
        rows: host.rows,
        ai: this.ai,
        load: (id) => host.load(id),
        remainingMs: (e) => host.remainingMs(e),
        playEngineMove: (m, t) => host.playEngineMove(m, t),
        playEngineSwap2: (m, t) => host.playEngineSwap2(m, t),
        reportThinking: (t) => host.reportThinking(t),
        claimHeld: (id, until) => this.sweep.retryAt(id, until),
        // A turn given up after its failures (./engine-turn): the game is resumed then, as after a claim.
        retryAt: (id, at) => this.sweep.retryAt(id, at),
        ended: (id) => this.away.clear(id),
        track,
      },
      opts,
    );
    this.scores =
      (opts.scoreCandidates ?? true)
        ? new CandidateScores({ log, ai: this.ai, scoreEngineMove: (id, ply, at, a) => host.scoreEngineMove(id, ply, at, a), track })
        : null;
    this.ponder = new Ponder({ cluster, log, ai: this.ai, scoreHumanMove: (id, ply, a) => host.scoreHumanMove(id, ply, a), track }, opts.ponderMs ?? 30_000);
  }

  /** If an engine is to move, start its turn (once: a second call while it runs does nothing); else ponder. */
  turn(e: Readonly<Entry>): void {
    this.ponder.end(e);
    this.scores?.moved(e);
    if (this.closed || e.status !== "playing") return;
    // In a swap2 opening the seat that acts is the placer or chooser, whatever the colour of the next stone.
    const color = actingSeatOf(e);
    const seat = e.seats[color];
    if (seat.kind !== "engine") return this.ponder.start(e);
    if (!this.turns.start(e, color, seat.engine)) return;
    this.away.unpark(e.id);
    this.away.watch(e);
  }

  seatsChanged(gameId: string): void {
    const e = this.host.peek(gameId);
    if (e && !this.closed) this.away.seatsChanged(e);
  }

  reset(gameId: string): void {
    this.ponder.stop(gameId);
    this.scores?.settle(gameId); // its store checks the move is still there (a takeback)
    this.away.clear(gameId);
    this.away.unpark(gameId);
    this.turns.reset(gameId);
  }

  refusal(e: Readonly<Entry>): string | null {
    return this.ai.refusal(ownerOf(e), priorityOf(e));
  }

  busy(gameId: string): boolean {
    return this.turns.busy(gameId);
  }

  thinking(gameId: string, ply: number) {
    return this.turns.thinking(gameId, ply);
  }

  resumed(): void {
    this.sweep.start();
  }

  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.away.close();
    this.sweep.close();
    this.turns.close();
    this.ponder.close();
    this.scores?.close();
    await Promise.allSettled([...this.pending]);
  }
}
