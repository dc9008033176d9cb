// The door the game service's actions go through (./service builds it, as it builds the engine
// seats' EngineHost): the shared steps of ./core, and nothing else of the service. The actions are
// small units with one job each, as lila's round module has Rematcher, Drawer, Takebacker:
// ./creator, ./seater, ./mover, ./swap2-steps, ./finisher, ./drawer, ./takebacker, ./rematcher.
import type { Analysis, Color, Point } from "../../../engine";
import type { GameEndReason, GameResult, GameState, MoveRecord } from "../../shared/protocol";
import type { Db } from "../db/client";
import type { Logger } from "../log";
import type { MovedEvent } from "./core";
import type { CorrTurnEvent } from "./correspondence";
import type { Refusal } from "./endings";
import type { EngineSeats } from "./engines";
import type { Entry, Actor } from "./entry";
import type { GameCache } from "./cache";
import type { GameStore } from "./store";
import type { NewGame } from "./moves";
import type { StallSource } from "./clock";
import type { Presence } from "./state";
import type { SeatActionInput } from "./inputs";
import { requirePlaying, requireSeat } from "./entry";
import { fail } from "../errors";

/** The events the actions raise, with their arguments (as ./core's `on` overloads declare them). */
export interface ActionEvents {
  /** A game's rows changed here; with `move` when the change is just that move. */
  changed: [gameId: string, move?: MoveRecord];
  moved: [e: MovedEvent];
  scored: [e: { gameId: string; move: MoveRecord }];
  /** A game between people ended without a result because of `playerId` (lib/server/limits/aborts counts them). */
  aborted: [e: { gameId: string; playerId: string }];
  /** A correspondence game's move was made: `playerId` is to move by `deadline` (ms) (lib/server/social tells them). */
  corrTurn: [e: CorrTurnEvent];
}

export interface ActionHost {
  readonly db: Db;
  readonly nodeId: string;
  readonly cluster: boolean;
  readonly log: Logger;
  readonly store: GameStore;
  readonly cache: GameCache;
  readonly stalls: StallSource;
  readonly firstMoveMs: number;
  readonly claimGraceMs: number;
  /** The engine seats, if any (read when acting: they are made after the host). */
  engines(): EngineSeats | null;
  presenceOf(gameId: string): Presence;
  /** Now (ms since the epoch), for clocks, moves and endings. */
  now(): number;
  withLock<T>(gameId: string, fn: () => Promise<T>): Promise<T>;
  load(gameId: string): Promise<Entry>;
  insertGame(g: NewGame, idPrefix?: string): Promise<Entry>;
  stateOf(e: Entry): GameState;
  /** The service's events the actions raise (their listeners: ./core's typed `on`). */
  emit<E extends keyof ActionEvents>(event: E, ...args: ActionEvents[E]): void;
  emitState(e: Entry): void;
  afterChange(e: Entry): void;
  finish(e: Entry, result: GameResult | null, reason: GameEndReason, winLine: Point[] | null): Promise<void>;
  flagIfExpired(e: Entry): "timeout" | "abort" | null;
  expiredText(e: Entry, ending: "timeout" | "abort"): string;
  /** A validated move committed, told and followed (./mover). */
  commitMove(e: Entry, color: Color, p: Point, by: "human" | "engine", a?: Analysis): Promise<MoveRecord>;
}

export const refuseIf = (r: Refusal | null): void => {
  if (r) fail(r.code, r.message);
};

/** A seat holder's action on a game in progress, under its lock (a flagged game is over first). */
export function seatAction(host: ActionHost, input: SeatActionInput, actor: Actor, run: (e: Entry, color: Color) => Promise<void>): Promise<object> {
  return host.withLock(input.gameId, async () => {
    const e = await host.load(input.gameId);
    const color = requireSeat(e, input.seatToken, actor);
    requirePlaying(e);
    const expired = host.flagIfExpired(e);
    if (expired) fail("GAME_OVER", host.expiredText(e, expired));
    await run(e, color);
    return {};
  });
}
