// The swap2 opening's choices (lib/shared/swap2 holds the rules, pure): a seat holder's choice
// (black, white, or two more stones), the engine's steps (stones placed, or a choice and the stones
// after it), each checked against the game as it is now under its lock and written once. Stones
// are placed through ./mover like any move; a choice that gives the first player white exchanges
// the seats in the same guarded row update.
import { moveError, other } from "../../../engine";
import { applyChoice, choiceRefusal, placeRefusal, swapped, type Swap2Choice } from "../../shared/swap2";
import { refuseIf, type ActionHost } from "./actions";
import type { EngineSwap2 } from "./engines";
import { actingSeatOf, phaseOf, requirePlaying, requireSeat, toMoveOf, type Actor, type Entry } from "./entry";
import { fail } from "../errors";
import type { Swap2ChooseInput } from "./inputs";
import { exchangeSeats, forbiddenFor } from "./moves";

export class Swap2Steps {
  constructor(private readonly host: ActionHost) {}

  /** A swap2 choice by a seat holder: checked (phase, seat, stale count), then made once. */
  choose(input: Swap2ChooseInput, actor: Actor): Promise<object> {
    const h = this.host;
    return h.withLock(input.gameId, async () => {
      const e = await h.load(input.gameId);
      const seat = requireSeat(e, input.seatToken, actor);
      requirePlaying(e);
      if (!e.swap2) fail("WRONG_PHASE", "This game has no swap2 opening: there is no colour to choose.");
      refuseIf(choiceRefusal(e.swap2, e.moves.length, seat, input.choice, input.stones));
      // The engine may act next (it places two more, or plays as the side to move): refuse now if it cannot.
      const busy = e.seats[other(seat)].kind === "engine" ? h.engines()?.refusal(e) : null;
      if (busy) fail("AI_BUSY", busy);
      await this.apply(e, input.choice);
      return {};
    });
  }

  /** The engine's swap2 step (EngineHost): checked like a person's against the game as it is now, under the lock. */
  playEngine(m: EngineSwap2, turn: { current(): boolean; committing(): void }): Promise<void> {
    const h = this.host;
    return h.withLock(m.gameId, async () => {
      if (!turn.current()) return;
      const e = await h.load(m.gameId);
      if (e.status !== "playing" || !e.swap2 || e.moves.length !== m.plies) return;
      const seat = actingSeatOf(e);
      if (e.seats[seat].kind !== "engine") return;
      const a = m.answer;
      if (a.kind === "stones") {
        if (!a.stones.length) throw new Error("engine placed no swap2 stone");
        for (const [i, p] of a.stones.entries()) {
          const color = toMoveOf(e);
          const refused = placeRefusal(e.swap2, e.moves.length, seat);
          if (refused || moveError(e.size, e.cells, p) || forbiddenFor(e, color, p))
            throw new Error(`engine placed an illegal swap2 stone ${JSON.stringify(p)}`);
          // The engine's turn ends with its last stone (the next turn may be scheduled from then on).
          if (i === a.stones.length - 1) turn.committing();
          await h.commitMove(e, color, p, "engine");
          if (e.status !== "playing") return;
        }
        return;
      }
      // swap: take black; play: take white (the 4th or 6th move is then searched as a usual turn); place: two more stones.
      const choice: Swap2Choice = a.kind === "swap" ? "black" : a.kind === "play" ? "white" : "place";
      const refused = choiceRefusal(e.swap2, e.moves.length, seat, choice, e.moves.length);
      if (refused) throw new Error(`engine's swap2 choice refused: ${refused.message}`);
      if (a.kind !== "place") turn.committing();
      await this.apply(e, choice);
      if (a.kind === "place") {
        for (const [i, p] of a.moves.entries()) {
          const color = toMoveOf(e);
          if (moveError(e.size, e.cells, p) || forbiddenFor(e, color, p)) throw new Error(`engine placed an illegal swap2 stone ${JSON.stringify(p)}`);
          if (i === a.moves.length - 1) turn.committing();
          await h.commitMove(e, color, p, "engine");
        }
      }
    });
  }

  /** A checked choice: the record (and, when the first player ends with white, the seats) written once, then told. Under the lock. */
  private async apply(e: Entry, choice: Swap2Choice): Promise<void> {
    const h = this.host;
    const was = e.swap2!;
    const next = applyChoice(was, e.moves.length, choice, new Date(h.now()));
    const exchange = swapped(next) !== swapped(was);
    if (!(await h.store.setSwap2(e, was, next, exchange))) {
      // Another writer (another node) chose first: the database decides; our copy is stale.
      h.cache.drop(e.id);
      fail("WRONG_PLY", "That choice was already made: reload the game.");
    }
    e.swap2 = next;
    if (exchange) exchangeSeats(e);
    h.log.info({ gameId: e.id, choice, plies: e.moves.length, phase: phaseOf(e) }, "swap2 choice");
    h.emit("changed", e.id);
    h.emitState(e);
    h.afterChange(e);
  }
}
