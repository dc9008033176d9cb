// The candidates' exact scores of the AI's moves, searched after the move is played. The move itself is
// chosen by exactly the brain's search with the whole time budget (./engine-turn: exact root scores for
// the best 8 cost it about −55 Elo, issue 33), which leaves the other candidates with upper bounds only.
// The heatmap and the "candidate k of n" notes want exact scores: a search of the position before the
// move, with exact scores for the best SITE_EXACT_ROOT_MOVES, on the background threads at the analysis
// priority (the lowest: it never takes time from a move), stored on the move and told to the room.
// A newer position of the game or its end finishes it early (its last completed depth is kept); a
// takeback or the seat closing stops it. Games with a person only: an AI-vs-AI game's moves keep their
// bounds (scoring the TV's every move would double its load).
import type { AiPool } from "../ai/pool";
import { SITE_EXACT_ROOT_MOVES, type Analysis } from "../../../engine";
import type { Logger } from "../log";
import { stonesOf, type Entry } from "./entry";
import { ownerOf, priorityOf } from "./ai-parties";

/** What CandidateScores needs: the AI, where to store the scores, and someone to wait for its searches on close. */
export interface CandidateScoresHost {
  readonly log: Logger;
  readonly ai: Pick<AiPool, "think">;
  /** Stores `a`, a search of the position before ply `ply` (an engine's move played at `at`), as that move's candidates. */
  scoreEngineMove(gameId: string, ply: number, at: string, a: Analysis): Promise<void>;
  /** A promise the seat waits for when it goes idle or closes. */
  track(p: Promise<unknown>): void;
}

interface Search {
  ply: number;
  abort: AbortController;
  /** Stops the search, keeping the answer of its last completed depth. */
  finish: AbortController;
}

export class CandidateScores {
  private searches = new Map<string, Search>();
  private closed = false;

  constructor(private readonly host: CandidateScoresHost) {}

  /** The game changed: if its last move is an engine's with bounds among its candidates, score them. */
  moved(e: Readonly<Entry>): void {
    const last = e.moves.at(-1);
    const running = this.searches.get(e.id);
    if (running && running.ply === last?.ply) return;
    if (running) this.settle(e.id); // a newer position: the older move keeps what its search has so far
    if (this.closed || !last || last.by !== "engine" || e.status !== "playing" || priorityOf(e) !== "live") return;
    // A move without a score (the casual player's: its values are not scores) is scored here, every
    // candidate exactly; otherwise only bounds need it (none: exact already, a forced line, one candidate).
    const unscored = last.score === undefined;
    if (!unscored && !last.rootScores?.some((r) => r.bound)) return;
    const seat = e.seats[last.color];
    if (seat.kind !== "engine") return;
    const abort = new AbortController();
    const finish = new AbortController();
    const { ply, at } = last;
    const answer = this.host.ai
      .think({
        position: { size: e.size, rule: e.rule, stones: stonesOf(e).slice(0, -1), toMove: last.color },
        limits: {
          timeMs: seat.engine.timeMs,
          exactRootScores: unscored ? true : SITE_EXACT_ROOT_MOVES,
          ...(seat.engine.maxDepth ? { maxDepth: seat.engine.maxDepth } : {}),
        },
        algo: "alphabeta",
        priority: "analysis",
        owner: `${ownerOf(e)}:scores`,
        signal: abort.signal,
        finish: finish.signal,
      })
      .then(
        (a) => (a.depth > 0 && !abort.signal.aborted ? this.host.scoreEngineMove(e.id, ply, at, a) : undefined),
        () => undefined, // stopped, refused (a full queue) or failed: the move keeps its bounds
      )
      .catch((err: unknown) => this.host.log.warn({ err, gameId: e.id, ply }, "could not store an AI move's candidates"))
      .finally(() => {
        if (this.searches.get(e.id) === search) this.searches.delete(e.id);
      });
    const search: Search = { ply, abort, finish };
    this.searches.set(e.id, search);
    this.host.track(answer);
  }

  /** The game ended (or moved on): the search stops, keeping its last completed depth. */
  settle(gameId: string): void {
    const s = this.searches.get(gameId);
    if (!s) return;
    this.searches.delete(gameId);
    s.finish.abort();
  }

  /** A takeback: the move may be gone, its search is of no use. */
  stop(gameId: string): void {
    const s = this.searches.get(gameId);
    if (!s) return;
    this.searches.delete(gameId);
    s.abort.abort();
  }

  close(): void {
    this.closed = true;
    for (const id of [...this.searches.keys()]) this.stop(id);
  }
}
