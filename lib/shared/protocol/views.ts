// The data the server sends: a game's state, its moves and clocks, the lobby, the TV, a search
// under way, the lists' summaries. Types only.
import type { CorrespondenceView } from "../correspondence";
import type { Color, Point, Rule, Score, Stone } from "../../../engine";
import type { Swap2Record } from "../swap2";
import type { UnratedNote } from "../eligibility";
import type { ClockSettings, EngineSettings, GameKind } from "./schemas";

/** The person in a human seat, when the seat belongs to an identity (lib/server/identity). */
export interface SeatPlayer {
  name: string;
  /** Their rating in this game's pool (rated games): before the game. */
  rating?: number;
  /** Fewer games than the rating needs to be trusted: shown with "?". */
  provisional?: boolean;
  /** The change the game made to it, once a rated game is over (+12, −9). */
  diff?: number;
}

/** name: a player known only by the name an imported file gives (no page of theirs here). */
export type Seat = { kind: "human"; taken: boolean; connected: boolean; player?: SeatPlayer; name?: string } | { kind: "engine"; engine: EngineSettings };

export interface MoveRecord {
  ply: number; // 1-based
  x: number;
  y: number;
  color: Color;
  by: "human" | "engine";
  timeMs: number;
  at: string; // ISO UTC
  // engine moves, and a person's move in a game against the AI (scored by the search of their
  // position while they thought); score from the mover's side
  score?: Score;
  depth?: number;
  nodes?: number;
  pv?: Point[];
  /** bound "upper": that score is an upper bound (the site's AI scores only its best few exactly); absent: exact. */
  rootScores?: Array<{ x: number; y: number; score: Score; bound?: "upper" }>;
}

export type GameStatus = "waiting" | "playing" | "finished";
export type GameResult = "black" | "white" | "draw";
/** agreement: a draw offer accepted; abort: ended before both sides moved (no result); abandon: claimed after the opponent left on their turn. */
export type GameEndReason = "five" | "resign" | "timeout" | "full" | "agreement" | "abort" | "abandon";

export interface ClockState {
  settings: ClockSettings;
  /** Remaining ms for each colour at `at`; the side to move's clock runs from `at` while playing. */
  blackMs: number;
  whiteMs: number;
  at: string;
  /** Neither clock runs: a swap2 opening, or before each side's first own move (the clocks start after both have moved). */
  paused?: boolean;
  /** ISO UTC: the side to act must make its first move by then, or the game is aborted (clocked games between people). */
  firstMoveBy?: string;
}

export interface GameState {
  id: string;
  kind: GameKind;
  size: number;
  rule: Rule;
  opening: Stone[];
  black: Seat;
  white: Seat;
  status: GameStatus;
  result: GameResult | null;
  reason: GameEndReason | null;
  winLine: Point[] | null;
  moves: MoveRecord[];
  toMove: Color;
  clock: ClockState | null;
  spectators: number;
  createdAt: string;
  /** The rematch game started from this one, if any (hvh: the other player joins it with takeSeat or rematch). */
  rematchId?: string | null;
  /** A game of the TV stream (lib/server/tv): an AI-vs-AI game the server started itself. */
  tv?: boolean;
  /** A rated game (its result changes both players' ratings in `pool`). */
  rated?: boolean;
  pool?: string | null;
  /** Asked for as rated but played as casual (rated false), and why: lib/server/ratings/eligibility. */
  unrated?: UnratedNote;
  /** The colour whose draw offer stands, if any. */
  drawOffer?: Color | null;
  /** The player to move has left (a game between people): from then on their opponent may claim the win (EV.claim). */
  claimableAt?: string;
  /** A swap2 game: the choices so far (the phase follows from them and the moves: lib/shared/swap2). */
  swap2?: Swap2Record;
  /** A correspondence game: days per move and the deadline of the move due (lib/shared/correspondence). */
  correspondence?: CorrespondenceView;
}

/** An open challenge as the lobby shows it. */
export interface ChallengeView {
  id: string;
  author: { name: string; rating: number; provisional: boolean };
  size: number;
  rule: Rule;
  clock: ClockSettings | null;
  rated: boolean;
  /** The author's colour. */
  color: "black" | "white" | "random";
  swap2?: boolean;
  /** A correspondence challenge: days per move (clock null); rated in the correspondence pool. */
  corrDays?: number;
  createdAt: string;
}

/** The lobby: open challenges (newest first) and how many wait in each quick-pairing pool. */
export interface LobbyState {
  challenges: ChallengeView[];
  waiting: Record<string, number>;
}

/** The TV stream's current game. Between games: the finished one, and when the next starts. */
export interface TvCurrent {
  /** false when the server runs without TV (env TV=0). */
  enabled: boolean;
  /** The game on air (null only when TV is off or has not started a game yet). */
  gameId: string | null;
  status: GameStatus | null;
  /** How many games the TV has started since the server started. */
  number: number;
  /** Set while waiting between games: when the next game will start (ISO UTC). */
  nextAt: string | null;
}

export interface Thinking {
  gameId: string;
  ply: number; // the ply being searched for
  /** 0: the search has just started (nothing to report yet: no score, nodes or line). */
  depth: number;
  score: Score;
  nodes: number;
  timeMs: number;
  pv: Point[];
  /** MCTS only: the most-visited root moves with their visits and win rates (0..1, mover's side). */
  top?: Array<{ x: number; y: number; visits: number; winRate: number }>;
}

export interface GameSummary {
  id: string;
  kind: GameKind;
  size: number;
  rule: Rule;
  status: GameStatus;
  result: GameResult | null;
  reason: GameEndReason | null;
  plies: number;
  black: string; // "Human", "AI 1 s", a player's name … (lib/shared/labels)
  white: string;
  /** The players' names when the seats belong to identities (their pages: /@/<name>). */
  blackName?: string | null;
  whiteName?: string | null;
  rated?: boolean;
  createdAt: string;
  finishedAt: string | null;
  /** A TV game (see TvCurrent). */
  tv?: boolean;
}
