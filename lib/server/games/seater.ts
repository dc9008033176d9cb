// Who sits where: a join gets your seat back (token or identity), takes the free seat of a waiting
// game (an invite's link) or the seat reserved for you (a rematch), or watches; a seat taken starts
// the game. The row decides a race for a free seat.
import { writeCorrTurn } from "./correspondence";
import type { Color } from "../../../engine";
import type { GameState } from "../../shared/protocol";
import type { ActionHost } from "./actions";
import { namesFor } from "./creator";
import { seatOf, type Actor, type Entry } from "./entry";
import { fail } from "../errors";
import type { JoinInput } from "./inputs";
import { hashToken, newSeatToken } from "../tokens";

export type Joined = { state: GameState; color: Color | null; seatToken: string | null };

export class Seater {
  constructor(private readonly host: ActionHost) {}

  /** Your seat back (token), the free human seat of a waiting game (takeSeat), or a spectator's view. Under the lock. */
  async joinLocked(input: JoinInput, actor: Actor): Promise<Joined> {
    const h = this.host;
    const e = await h.load(input.gameId);
    if (input.seatToken) {
      const color = seatOf(e, input.seatToken);
      if (!color) fail("NOT_YOUR_SEAT", "That seat token does not belong to this game.");
      if (h.cluster) h.afterChange(e);
      return { state: h.stateOf(e), color, seatToken: input.seatToken };
    }
    // Your identity's seat (any device you are signed in on). In a waiting game the seat was
    // reserved for you (a rematch): coming takes it, and the game starts.
    const mine = seatOf(e, undefined, actor);
    if (mine) {
      if (e.status === "waiting" && e.tokens[mine] === null) {
        await this.takeSeatLocked(e, mine, null, actor);
        return { state: h.stateOf(e), color: mine, seatToken: null };
      }
      if (h.cluster) h.afterChange(e);
      return { state: h.stateOf(e), color: mine, seatToken: null };
    }
    // A free seat for whoever holds the link (an invite), never a seat reserved for someone else;
    // and nobody plays themselves.
    const playingSelf = !!actor.playerId && (e.players[1] === actor.playerId || e.players[2] === actor.playerId);
    if (input.takeSeat && e.status === "waiting" && e.access !== "reserved" && !playingSelf) {
      const free = ([1, 2] as const).find((c) => e.seats[c].kind === "human" && e.tokens[c] === null && e.players[c] === null);
      if (free) {
        const token = newSeatToken();
        await this.takeSeatLocked(e, free, token, actor);
        return { state: h.stateOf(e), color: free, seatToken: token };
      }
    }
    // Several nodes: the node that was moving this game may have died; resume its AI turn and clock here.
    if (h.cluster) h.afterChange(e);
    return { state: h.stateOf(e), color: null, seatToken: null };
  }

  /** The free (or reserved-for-the-actor) seat `color` of waiting game `e` becomes the actor's; the game starts. Under the lock. */
  async takeSeatLocked(e: Entry, color: Color, token: string | null, actor: Actor): Promise<void> {
    const h = this.host;
    const hash = token ? hashToken(token) : null;
    const playerId = actor.playerId ?? e.players[color];
    const now = new Date(h.now());
    if (!(await h.store.takeSeat(e.id, color, hash, playerId, now))) {
      // Someone else (another process) took it first: our cache is stale.
      h.cache.drop(e.id);
      fail("SEAT_TAKEN", "The free seat was taken by someone else.");
    }
    e.tokens[color] = hash;
    if (playerId !== e.players[color]) {
      e.players[color] = playerId;
      e.names = await namesFor(h.store, e.players);
    }
    e.status = "playing";
    e.startedAt = now;
    // A correspondence game (a rematch of one) starts its first move's days now, in the row.
    if (e.corrDays) await writeCorrTurn(h.db, e);
    h.log.info({ gameId: e.id, color }, "seat taken");
    h.emit("changed", e.id);
    h.emitState(e);
    h.afterChange(e);
  }
}
