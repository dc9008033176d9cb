// Pondering: while the person thinks in a game against the AI, the engine searches their position at
// the lowest priority; when they move, the search is told to finish and its answer is stored as their
// move's score and rank. One node only (with several, the move may be played on another node).
import type { AiPool } from "../ai/pool";
import type { Analysis } from "../../../engine";
import type { Logger } from "../log";
import { inOpening, stonesOf, toMoveOf, type Entry } from "./entry";
import { humanSeatOf, ownerOf } from "./ai-parties";

/** What Ponder needs: the AI, where to store a score, and someone to wait for its searches on close. */
export interface PonderHost {
  readonly cluster: boolean;
  readonly log: Logger;
  readonly ai: Pick<AiPool, "think">;
  /** Stores `a`, a search of the position before ply `ply` (a person's move), as that move's score and rank. */
  scoreHumanMove(gameId: string, ply: number, a: Analysis): Promise<void>;
  /** A promise the seat waits for when it goes idle or closes. */
  track(p: Promise<unknown>): void;
}

/** A search of the person's position while they think: its answer scores their move. */
interface Search {
  ply: number;
  abort: AbortController;
  /** Stops the search, keeping the answer of its last completed depth. */
  finish: AbortController;
  answer: Promise<Analysis | null>;
}

export class Ponder {
  private searches = new Map<string, Search>();
  private closed = false;

  /** ms: the longest search (0: never ponder). */
  constructor(
    private readonly host: PonderHost,
    private readonly ms: number,
  ) {}

  /** The person is to move in a game against the AI: search their position while they think. */
  start(e: Readonly<Entry>): void {
    if (this.ms <= 0 || this.host.cluster || this.closed || e.status !== "playing" || inOpening(e)) return;
    const human = humanSeatOf(e);
    if (human === null || toMoveOf(e) !== human || this.searches.has(e.id)) return;
    const abort = new AbortController();
    const finish = new AbortController();
    const answer = this.host.ai
      .think({
        position: { size: e.size, rule: e.rule, stones: stonesOf(e), toMove: human },
        limits: { timeMs: this.ms },
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
    this.host.track(answer);
    this.searches.set(e.id, { ply: e.moves.length + 1, abort, finish, answer });
  }

  /** The game changed: a search for the move just played by the person scores it; any other is stopped. */
  end(e: Readonly<Entry>): void {
    const p = this.searches.get(e.id);
    if (!p) return;
    const last = e.moves.at(-1);
    if (last && last.ply === p.ply && last.by === "human") {
      this.searches.delete(e.id);
      p.finish.abort();
      void p.answer
        .then((a) => (a ? this.host.scoreHumanMove(e.id, last.ply, a) : undefined))
        .catch((err: unknown) => this.host.log.warn({ err, gameId: e.id }, "could not store a move's score"));
    } else if (p.ply !== e.moves.length + 1 || e.status !== "playing") this.stop(e.id);
  }

  stop(gameId: string): void {
    const p = this.searches.get(gameId);
    if (!p) return;
    this.searches.delete(gameId);
    p.abort.abort();
  }

  close(): void {
    this.closed = true;
    for (const id of [...this.searches.keys()]) this.stop(id);
  }
}
