// Ending a game by a player's word: resign, abort (before both sides have moved), and the claim of
// the win over an opponent who left on their turn. The rules are ./endings (pure); this applies
// them under the game's lock. Draw offers are ./drawer's.
import { other, type Color } from "../../../engine";
import { refuseIf, seatAction, type ActionHost } from "./actions";
import { abortRefusal, betweenPeople, claimRefusal } from "./endings";
import { colorName, type Actor, type Entry } from "./entry";
import type { SeatActionInput } from "./inputs";

export class Finisher {
  constructor(private readonly host: ActionHost) {}

  /**
   * Resigns. Between people, before each side has made its first own move, the game is aborted
   * instead (no result, nothing rated: a game nobody played is no game; lichess offers only abort then).
   */
  resign(input: SeatActionInput, actor: Actor): Promise<object> {
    return seatAction(this.host, input, actor, async (e, color) => {
      if (betweenPeople(e) && abortRefusal(e) === null) return this.abortBy(e, color);
      await this.host.finish(e, colorName(other(color)), "resign", null);
    });
  }

  /** Ends the game without a result (no rating change) before each side has made a move of its own. */
  abort(input: SeatActionInput, actor: Actor): Promise<object> {
    return seatAction(this.host, input, actor, async (e, color) => {
      refuseIf(abortRefusal(e));
      await this.abortBy(e, color);
    });
  }

  /** Aborts, and between people says who did (lib/server/limits/aborts counts them). */
  private async abortBy(e: Entry, color: Color): Promise<void> {
    const playerId = e.players[color];
    if (playerId && betweenPeople(e)) this.host.emit("aborted", { gameId: e.id, playerId });
    await this.host.finish(e, null, "abort", null);
  }

  /**
   * The win over an opponent who left on their turn and stayed away longer than the grace time (reason
   * "abandon"). Before each side has made its first own move the claim aborts the game instead (no
   * result, nothing rated): a win needs a game.
   */
  claim(input: SeatActionInput, actor: Actor): Promise<object> {
    const h = this.host;
    return seatAction(h, input, actor, async (e, color) => {
      refuseIf(claimRefusal(e, color, h.presenceOf(e.id), h.claimGraceMs, h.now()));
      if (abortRefusal(e) === null) return h.finish(e, null, "abort", null);
      await h.finish(e, colorName(color), "abandon", null);
    });
  }
}
