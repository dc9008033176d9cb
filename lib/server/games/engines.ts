// The two sides of the line between the game service and whoever plays its engine seats
// (lib/server/games/ai-seat). The service knows only EngineSeats: it is handed a factory for one
// (GameServiceOptions.engines) and never imports the AI. The seats know only EngineHost: a narrow
// door into the service, which makes the changes (the service stays the only writer of games).
import type { Algo, Analysis, Color } from "../../../engine";
import type { Thinking } from "../../shared/protocol";
import type { Logger } from "../log";
import type { Clock } from "../time";
import type { Swap2Answer } from "../ai/task";
import type { Entry } from "./entry";
import type { GameStore } from "./store";

/** What the service tells the engine seats. */
export interface EngineSeats {
  /** A game in progress changed (called under its lock): if an engine is to move, start its turn (once). */
  turn(e: Readonly<Entry>): void;
  /** The game's move list was rewritten or it ended: a search under way answers a position that no longer exists (it is aborted). */
  reset(gameId: string): void;
  /** Why the engine of `e` could not take its next turn now (AI_BUSY: the AI's caps), or null. The service refuses the move that would start it. */
  refusal(e: Readonly<Entry>): string | null;
  /** A search for this game is scheduled or running here. */
  busy(gameId: string): boolean;
  /** The latest report of the search for ply `ply` of game `gameId` under way here, if any. */
  thinking(gameId: string, ply: number): Thinking | null;
  /** Every game in progress has been resumed (server start): cluster, start the sweep. */
  resumed(): void;
  /** Who holds a seat in the game's room changed (a player left or came back). */
  seatsChanged(gameId: string): void;
  /** Resolves when no engine turn is scheduled or running. */
  idle(): Promise<void>;
  /** Stops timers and waits for the searches under way (they finish within their deadline). */
  close(): Promise<void>;
}

/** An engine's answer for ply `ply` of a game, where `color` is to move. */
export interface EngineMove {
  gameId: string;
  ply: number;
  color: Color;
  analysis: Analysis;
  /** The player that chose it (default alphabeta): the casual one's values are not scores (lib/shared/scores). */
  algo?: Algo;
}

/** An engine's step in a swap2 opening (lib/shared/swap2), made with `plies` stones on the board. */
export interface EngineSwap2 {
  gameId: string;
  plies: number;
  answer: Swap2Answer;
}

/** What the engine seats may see and do: the service's narrow side door. */
export interface EngineHost {
  /** This process's name in AI claims. */
  readonly nodeId: string;
  /** Several nodes share the database: claim each engine turn, sweep for games nobody moves. */
  readonly cluster: boolean;
  readonly log: Logger;
  /** The service's time and timers (lib/server/time). */
  readonly clock: Clock;
  /** The claims and the sweep's query. */
  readonly rows: Pick<GameStore, "claimEngineTurn" | "sweepCandidates">;
  /** The game as it is now (read it, do not change it). */
  load(gameId: string): Promise<Readonly<Entry>>;
  /** The cached copy, if any. */
  peek(gameId: string): Readonly<Entry> | undefined;
  /** Something holds or waits for the game's lock. */
  locked(gameId: string): boolean;
  /** This node runs the game's clock timer. */
  clockRunning(gameId: string): boolean;
  /** Milliseconds left to the side to move of `e` now (Infinity without a clock). */
  remainingMs(e: Readonly<Entry>): number;
  /**
   * Resumes a game in progress: flags it if its time is up, else restarts its clock and engine turn.
   * skipFreshMs: leave it if its last move is younger than that (the sweep: that move's node is claiming the reply).
   */
  resume(gameId: string, opts?: { skipFreshMs?: number }): Promise<void>;
  /**
   * Under the game's lock: if `turn.current()` and the game still waits for this move, commits it
   * (calling `turn.committing()` just before, so the next engine turn can be scheduled).
   */
  playEngineMove(m: EngineMove, turn: { current(): boolean; committing(): void }): Promise<void>;
  /** The same for a swap2 step: its stones placed, or its choice made, as a person's would be (checked alike). */
  playEngineSwap2(m: EngineSwap2, turn: { current(): boolean; committing(): void }): Promise<void>;
  /** Tells the service's listeners (sockets, the TV) how a search is going. */
  reportThinking(t: Thinking): void;
  /** Stores `a`, a search of the position before ply `ply` (a person's move), as that move's score and rank. */
  scoreHumanMove(gameId: string, ply: number, a: Analysis): Promise<void>;
  /** Stores `a`, a search of the position before ply `ply` (an engine's move played at `at`), as that move's candidates. */
  scoreEngineMove(gameId: string, ply: number, at: string, a: Analysis): Promise<void>;
  /** Whether a socket of seat `color`'s player is in the game's room (this node's knowledge). */
  seatConnected(gameId: string, color: Color): boolean;
}
