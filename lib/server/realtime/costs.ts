// What each client event costs against the rate limits (lib/server/realtime/limits), in points:
// a move costs 1, and an event costs more the more server work it can cause. A list is two
// queries (a count and a page, milliseconds each on a large archive) where a move touches only
// memory, so an address spending its whole allowance on lists can no longer starve everyone's
// moves. The budgets are LIMIT_SOCKET_EVENTS_PER_SEC and LIMIT_IP_EVENTS_PER_SEC points.
import { EV } from "../../shared/protocol";
import type { ClientEvent } from "../../shared/contract";

export const EVENT_COST: Readonly<Record<ClientEvent, number>> = {
  [EV.move]: 1,
  [EV.resign]: 1,
  [EV.takeback]: 1,
  [EV.leave]: 1,
  [EV.tvWatch]: 1,
  // A join reads the game (from its rows when not cached) and sends the full state.
  [EV.join]: 3,
  // A new game writes a row; the games-per-minute limit (LIMIT_IP_GAMES_PER_MIN) is the real bound.
  [EV.create]: 2,
  [EV.createAiMatch]: 2,
  [EV.rematch]: 2,
  // Two queries on the whole archive (shared and cached briefly: lib/server/games/list-cache).
  [EV.list]: 10,
};

/** An event no handler knows: refused at once, but it still counts. */
export const UNKNOWN_EVENT_COST = 1;

export function costOf(event: string): number {
  return Object.hasOwn(EVENT_COST, event) ? EVENT_COST[event as ClientEvent] : UNKNOWN_EVENT_COST;
}
