// Ending a game by a player's word: resign, abort (before both sides have moved), and the claim of
// the win over an opponent who left on their turn. The rules are ./endings (pure); this applies
// them under the game's lock. Draw offers are ./drawer's.
import { other } from "../../../engine";
import { refuseIf, seatAction, type ActionHost } from "./actions";
import { abortRefusal, betweenPeople, claimRefusal } from "./endings";
import { colorName, type Actor } from "./entry";
import type { SeatActionInput } from "./inputs";

export class Finisher {
  constructor(private readonly host: ActionHost) {}

  /**
   * Resigns. Between people, before each side has made its first own move, the game is aborted
   * instead (no result, nothing rated: a game nobody played is no game; lichess offers only abort then).
   */
  resign(input: SeatActionInput, actor: Actor): Promise<object> {
    return seatAction(this.host, input, actor, async (e, color) => {
      if (betweenPeople(e) && abortRefusal(e) === null) return this.host.finish(e, null, "abort", null);
      await this.host.finish(e, colorName(other(color)), "resign", null);
    });
  }

  /** Ends the game without a result (no rating change) before each side has made a move of its own. */
  abort(input: SeatActionInput, actor: Actor): Promise<object> {
    return seatAction(this.host, input, actor, async (e) => {
      refuseIf(abortRefusal(e));
      await this.host.finish(e, null, "abort", null);
    });
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
