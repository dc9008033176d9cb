// Moves: a person's (checked: seat, ply, turn, board, renju), an engine's (checked again under the
// lock against the game as it is now), the commit both end in (the row first: the (gameId, ply) key
// decides a race; then the copy, the lapsed draw offer, the broadcast, the next turn), and the
// scores a move gets afterwards (a person's: pondering; an engine's: its candidates, ./candidate-scores).
import { forbiddenText, moveError, other, type Analysis, type Color, type Point } from "../../../engine";
import type { MoveRecord } from "../../shared/protocol";
import { placeRefusal } from "../../shared/swap2";
import { refuseIf, type ActionHost } from "./actions";
import { clockOf } from "./clock";
import type { MovedEvent } from "./core";
import { offerAfterMove } from "./endings";
import { writeCorrTurn } from "./correspondence";
import type { EngineMove } from "./engines";
import { colorName, inOpening, requirePlaying, requireSeat, toMoveOf, type Actor, type Entry } from "./entry";
import { fail } from "../errors";
import { searchIsScore } from "../../shared/scores";
import type { MoveInput } from "./inputs";
import { applyEnding, applyRatingChange, engineMoveScored, forbiddenFor, humanMoveScored, humanMoveScoredByReply, playMove, ratedPlayersOf } from "./moves";

export class Mover {
  constructor(private readonly host: ActionHost) {}

  async move(input: MoveInput, actor: Actor): Promise<{ move: MoveRecord }> {
    const h = this.host;
    return h.withLock(input.gameId, async () => {
      let e = await h.load(input.gameId);
      if (input.ply > e.moves.length + 1 && e.status === "playing") {
        // The client is ahead of our cache: another process may have committed moves. Reload once.
        h.cache.drop(e.id);
        e = await h.load(input.gameId);
      }
      const color = requireSeat(e, input.seatToken, actor);
      requirePlaying(e);
      const expired = h.flagIfExpired(e);
      if (expired) fail("GAME_OVER", h.expiredText(e, expired));
      // A stale ply first (the client's view is out of date), then whose turn it is.
      const expected = e.moves.length + 1;
      if (input.ply !== expected) fail("WRONG_PLY", `This would be ply ${expected}, not ${input.ply}: reload the game.`);
      // The stone's colour follows from its ply; in a swap2 opening the placer need not hold that colour.
      const toMove = toMoveOf(e);
      if (e.swap2) refuseIf(placeRefusal(e.swap2, e.moves.length, color));
      if (!inOpening(e) && color !== toMove) fail("NOT_YOUR_TURN", `It is ${colorName(toMove)}'s turn, not yours.`);
      const err = moveError(e.size, e.cells, input);
      if (err === "OFF_BOARD") fail("OFF_BOARD", `(${input.x}, ${input.y}) is off the ${e.size}×${e.size} board.`);
      if (err === "OCCUPIED") fail("OCCUPIED", `(${input.x}, ${input.y}) is already taken.`);
      const forbidden = forbiddenFor(e, toMove, input);
      if (forbidden) fail("FORBIDDEN", `Forbidden for black: ${forbiddenText(forbidden)}.`, { forbidden });
      // The engine answers this move: refuse it now (nothing changes) rather than leave the game waiting on a full AI.
      const busy = e.seats[other(color)].kind === "engine" ? h.engines()?.refusal(e) : null;
      if (busy) fail("AI_BUSY", busy);
      const move = await this.commit(e, toMove, input, "human");
      return { move };
    });
  }

  /** The engine seats' move (through EngineHost): checked against the game as it is now, under the lock. */
  playEngineMove(m: EngineMove, turn: { current(): boolean; committing(): void }): Promise<void> {
    const h = this.host;
    return h.withLock(m.gameId, async () => {
      if (!turn.current()) return;
      const cur = await h.load(m.gameId);
      if (cur.status !== "playing" || cur.moves.length + 1 !== m.ply || toMoveOf(cur) !== m.color) return;
      if (h.flagIfExpired(cur)) return;
      const mv = m.analysis.move;
      if (!mv || moveError(cur.size, cur.cells, mv) || forbiddenFor(cur, m.color, mv)) throw new Error(`engine returned an illegal move ${JSON.stringify(mv)}`);
      turn.committing();
      const before = cur.moves.at(-1);
      // The casual player's values are not scores: its move is scored by the real engine afterwards
      // (./candidate-scores), and so is the person's move before it when pondering left it unscored.
      const scores = searchIsScore(m.algo);
      await this.commit(cur, m.color, mv, "engine", scores ? m.analysis : undefined);
      // The person's move just before, if pondering left it unscored: the reply's search scores it.
      const scored = scores && before && humanMoveScoredByReply(before, m.analysis);
      if (scored) await this.storeScore(cur, scored);
    });
  }

  /** Validated move of `color` at p: commit the row (and the result, if it ends the game), then broadcast. */
  async commit(e: Entry, color: Color, p: Point, by: "human" | "engine", a?: Analysis): Promise<MoveRecord> {
    const h = this.host;
    const now = new Date(h.now());
    const { rec, cells, end } = playMove(e, color, p, by, a, now, h.stalls);
    const written = await h.store.insertMove(e.id, rec, now, end, end ? ratedPlayersOf(e) : null);
    if (!written.inserted) {
      // Another writer committed this ply (or ended the game) first: the database decides; our cache is stale.
      h.cache.drop(e.id);
      fail("WRONG_PLY", `Ply ${rec.ply} was already played: reload the game.`);
    }
    e.moves.push(rec);
    e.cells = cells;
    h.emit("changed", e.id, end ? undefined : rec);
    const offerBefore = e.drawOffer;
    const offer = offerAfterMove(e.drawOffer, color);
    if (end) {
      applyEnding(e, end);
      if (written.change) applyRatingChange(e, written.change);
      h.engines()?.reset(e.id);
      h.log.info({ gameId: e.id, result: e.result, reason: e.reason, plies: rec.ply }, "game over");
    } else if (e.corrDays) {
      // A correspondence game: the next move's deadline and mover, in the row (the sweeper reads them).
      e.drawOffer = offer;
      const turn = await writeCorrTurn(h.db, e);
      if (offer !== offerBefore) await h.store.setDrawOffer(e.id, offer);
      if (turn.corrToMoveId && turn.corrDeadline)
        h.emit("corrTurn", { gameId: e.id, playerId: turn.corrToMoveId, deadline: turn.corrDeadline.getTime(), opponent: e.names[color] });
    } else if (offer !== offerBefore) {
      // The offerer's opponent moved: the offer lapses (written only then: most moves touch no game row).
      e.drawOffer = offer;
      await h.store.setDrawOffer(e.id, offer);
    }
    h.emit("moved", {
      gameId: e.id,
      move: rec,
      status: e.status,
      result: e.result,
      reason: e.reason,
      winLine: e.winLine,
      clock: clockOf(e, h.firstMoveMs),
    } satisfies MovedEvent);
    // The moved event does not carry rating changes or draw offers: the full state does.
    if (written.change || offer !== offerBefore) h.emitState(e);
    h.afterChange(e);
    return rec;
  }

  /**
   * A person's move `ply`, scored by the search of the position before it (pondering): its score from
   * their side, every candidate's, and the engine's line; stored, and told to the room.
   */
  scoreHumanMove(gameId: string, ply: number, a: Analysis): Promise<void> {
    // Under the game's lock: the reply's score of the same move (playEngineMove) is written under it too.
    return this.host.withLock(gameId, async () => {
      const e = this.host.cache.peek(gameId);
      const rec = e?.moves[ply - 1];
      if (!e || !rec || rec.ply !== ply || rec.by !== "human") return;
      const scored = humanMoveScored(rec, a);
      if (scored) await this.storeScore(e, scored);
    });
  }

  /**
   * An engine's move `ply`, played at `at`, with its candidates' exact scores (./candidate-scores, a
   * search after the move); stored, and told to the room. Nothing if the move was taken back meanwhile.
   */
  scoreEngineMove(gameId: string, ply: number, at: string, a: Analysis): Promise<void> {
    return this.host.withLock(gameId, async () => {
      const e = this.host.cache.peek(gameId);
      const rec = e?.moves[ply - 1];
      if (!e || !rec || rec.ply !== ply || rec.by !== "engine" || rec.at !== at) return;
      const scored = engineMoveScored(rec, a);
      if (scored) await this.storeScore(e, scored);
      // A person's move before it left unscored (a casual player's reply scores nothing): this search
      // of the position after it scores it.
      const before = e.moves[ply - 2];
      const byReply = before && e.moves[ply - 1] === (scored ?? rec) && humanMoveScoredByReply(before, a);
      if (byReply) await this.storeScore(e, byReply);
    });
  }

  /** Stores a move with its scores (the record at its ply replaced) and tells the room. */
  private async storeScore(e: Entry, scored: MoveRecord): Promise<void> {
    const rec = e.moves[scored.ply - 1];
    if (!(await this.host.store.scoreMove(e.id, scored))) return; // taken back meanwhile
    // Our copy, unless the move list changed meanwhile (a takeback replaces the record).
    if (e.moves[scored.ply - 1] === rec) e.moves[scored.ply - 1] = scored;
    this.host.emit("scored", { gameId: e.id, move: scored });
  }
}
