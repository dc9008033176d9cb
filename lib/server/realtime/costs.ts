// What each client event costs against the rate limits (lib/server/limits/limiter), in points:
// a move costs 1, and an event costs more the more server work it can cause. A list is two
// queries (a count and a page, milliseconds each on a large archive) where a move touches only
// memory, so an address spending its whole allowance on lists can no longer starve everyone's
// moves. The budgets are LIMIT_SOCKET_EVENTS_PER_SEC and LIMIT_IP_EVENTS_PER_SEC points.
import { EV } from "../../shared/protocol";
import type { ClientEvent } from "../../shared/contract";

export const EVENT_COST: Readonly<Record<ClientEvent, number>> = {
  [EV.move]: 1,
  // A swap2 choice: one guarded row update (the seats exchanged with it), once or twice a game.
  [EV.swap2]: 2,
  [EV.resign]: 1,
  [EV.takeback]: 1,
  [EV.leave]: 1,
  [EV.tvWatch]: 1,
  [EV.tournamentWatch]: 1,
  // A draw answer or a decline: one guarded row update. An offer is limited to one per position
  // besides (lib/server/games/endings); an abort, accept or claim ends the game (a transaction that rates it).
  [EV.drawOffer]: 2,
  [EV.drawDecline]: 2,
  [EV.abort]: 2,
  [EV.drawAccept]: 2,
  [EV.claim]: 2,
  // A join reads the game (from its rows when not cached) and sends the full state.
  [EV.join]: 3,
  // A new game writes a row; the games-per-minute limit (LIMIT_IP_GAMES_PER_MIN) is the real bound.
  [EV.create]: 2,
  [EV.createAiMatch]: 2,
  [EV.rematch]: 2,
  // Two queries on the whole archive (shared and cached briefly: lib/server/games/list-cache).
  [EV.list]: 10,
  // The lobby: reading it is a query or two; a challenge or a seek writes a row and wakes others.
  [EV.lobbyWatch]: 3,
  [EV.challengeCreate]: 3,
  [EV.challengeAccept]: 3,
  [EV.challengeWithdraw]: 1,
  [EV.pairingJoin]: 3,
  [EV.pairingLeave]: 1,
  // Reading an analysis is two queries (the job, its plies); a request writes a job that costs
  // a minute of engine time, bounded by its own caps (ANALYSIS_PER_REQUESTER, ANALYSIS_QUEUE_MAX).
  [EV.analysisGet]: 3,
  [EV.analysisRequest]: 5,
  // People (lib/server/social): a search reads an index range; follows and challenges by name write a
  // row and have their own caps (per day, pending and per hour); the lists are a query or two.
  [EV.playersSearch]: 4,
  [EV.followSet]: 3,
  [EV.followList]: 4,
  [EV.followStatus]: 2,
  // Two queries (the follows and the blocks among them), then joining up to MAX_FOLLOWS rooms.
  [EV.followWatch]: 4,
  [EV.directCreate]: 5,
  [EV.directAnswer]: 3,
  [EV.directCancel]: 2,
  [EV.directInbox]: 3,
  [EV.corrTurns]: 3,
  // Chat (lib/server/chat): a message reads the game, counts and writes a row (and has its own limit
  // per player: lib/server/limits/chat); a history or block list is a query; a report a few queries and a row.
  [EV.chatSend]: 2,
  [EV.chatHistory]: 3,
  [EV.blockSet]: 3,
  [EV.blockList]: 2,
  [EV.reportCreate]: 5,
};

/**
 * The archive (a list of finished games) pays for its measured time as well: a page nobody else
 * asked for runs its queries on the event loop (SQLite), and on a loaded machine the same query takes
 * several times longer. Charging the time (after the answer, to the address only) keeps one
 * address's share of the loop bounded whatever the machine's speed: with LIMIT_IP_EVENTS_PER_SEC 200
 * and 1 point a ms, at most about 200 ms of archive work a second. Not charged by time: the live
 * list (small, shared by every lobby and cached), and anything against a socket's own budget (a
 * newcomer's first clicks after a slow first list must not be refused).
 */
export const POINTS_PER_MS = 1;

/** The points an event costs its address beyond costOf once it has run for `ms`. */
export function timeCost(event: string, ms: number, payload?: unknown): number {
  if (event !== EV.list) return 0;
  const status = payload && typeof payload === "object" ? (payload as { status?: unknown }).status : undefined;
  return status === "finished" ? Math.floor(ms * POINTS_PER_MS) : 0;
}

/** An event no handler knows: refused at once, but it still counts. */
export const UNKNOWN_EVENT_COST = 1;

export function costOf(event: string): number {
  return Object.hasOwn(EVENT_COST, event) ? EVENT_COST[event as ClientEvent] : UNKNOWN_EVENT_COST;
}
