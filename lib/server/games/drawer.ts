// Draw offers between people: offer (the opponent's offer standing: accepted), accept, decline. One
// offer stands at a time (the row's drawOffer; it lapses when the offerer's opponent moves: ./mover),
// and a side offers once per position (remembered here, in memory). The rules are ./endings (pure).
import { other } from "../../../engine";
import { refuseIf, seatAction, type ActionHost } from "./actions";
import { drawAnswerRefusal, drawOfferRefusal } from "./endings";
import type { Actor } from "./entry";
import type { SeatActionInput } from "./inputs";

/** Games remembered at most (oldest forgotten first). */
const REMEMBERED = 10_000;

export class Drawer {
  /** Games in memory whose players offered a draw: the ply of each side's last offer (one offer per position). */
  private readonly offers = new Map<string, { 1?: number; 2?: number }>();

  constructor(private readonly host: ActionHost) {}

  /** Offers a draw (the opponent's offer standing: accepts it). */
  offer(input: SeatActionInput, actor: Actor): Promise<object> {
    const h = this.host;
    return seatAction(h, input, actor, async (e, color) => {
      if (e.drawOffer === other(color)) return h.finish(e, "draw", "agreement", null);
      refuseIf(drawOfferRefusal(e, color, this.offers.get(e.id)?.[color]));
      this.offers.set(e.id, { ...this.offers.get(e.id), [color]: e.moves.length });
      this.prune();
      await h.store.setDrawOffer(e.id, color);
      e.drawOffer = color;
      h.emit("changed", e.id);
      h.emitState(e);
    });
  }

  accept(input: SeatActionInput, actor: Actor): Promise<object> {
    return seatAction(this.host, input, actor, async (e, color) => {
      refuseIf(drawAnswerRefusal(e, color));
      await this.host.finish(e, "draw", "agreement", null);
    });
  }

  decline(input: SeatActionInput, actor: Actor): Promise<object> {
    const h = this.host;
    return seatAction(h, input, actor, async (e, color) => {
      refuseIf(drawAnswerRefusal(e, color));
      await h.store.setDrawOffer(e.id, null);
      e.drawOffer = null;
      h.emit("changed", e.id);
      h.emitState(e);
    });
  }

  private prune(): void {
    // Oldest first (a Map keeps insertion order): a long-running node forgets offers of games long over.
    while (this.offers.size > REMEMBERED) this.offers.delete(this.offers.keys().next().value as string);
  }
}
