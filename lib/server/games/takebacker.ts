// Takebacks, against the AI only (lib/shared/takeback holds the rule): your last move and the AI's
// reply to it taken back, the rows first, then the copy; a search under way is aborted.
import { lastMoveIndexOf, takebackRefusal } from "../../shared/takeback";
import { refuseIf, type ActionHost } from "./actions";
import { requireSeat, type Actor } from "./entry";
import type { SeatActionInput } from "./inputs";
import { applyTakeback } from "./moves";

export class Takebacker {
  constructor(private readonly host: ActionHost) {}

  takeback(input: SeatActionInput, actor: Actor): Promise<object> {
    const h = this.host;
    return h.withLock(input.gameId, async () => {
      const e = await h.load(input.gameId);
      const color = requireSeat(e, input.seatToken, actor);
      refuseIf(takebackRefusal(e, color));
      const from = lastMoveIndexOf(e.moves, color);
      const fromPly = from + 1;
      h.engines()?.reset(e.id); // an AI search under way answers a position that no longer exists
      await h.store.takeBack(e.id, fromPly);
      applyTakeback(e, from);
      h.log.info({ gameId: e.id, fromPly }, "takeback");
      h.emit("changed", e.id);
      h.emitState(e);
      h.afterChange(e);
      return {};
    });
  }
}
