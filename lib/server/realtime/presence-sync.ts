// Presence across several nodes (lib/server/realtime/presence): a node whose room changed tells the
// others (serverSideEmit DIRTY); each node with members there refetches the room's sockets, debounced
// (a burst of changes costs one fetch), and hands the other nodes' members to presence, which tells
// only its own sockets what changed.
import type { Presence } from "../games/service";
import { noPresence } from "../games/state";
import type { Logger } from "../log";
import { roomOf } from "./rooms";
import type { IO } from "./admission";
import type { Role } from "./conn";

/** The notice between nodes: (gameId, resend) — a game's room changed on the sender. */
export const DIRTY = "gomoku:presence-dirty";

export function addMember(p: Presence, role: Role): void {
  if (role === null) p.spectators++;
  else p.connected[role] = true;
}

export interface PresenceSyncHost {
  log: Logger;
  /** Wait this long after a change before refetching. */
  debounceMs: number;
  /** This node has members in the game's room (else nobody here to tell: no fetch). */
  hasLocal(gameId: string): boolean;
  /** The other nodes' members of a game, just fetched; `resend`: tell the counts even if unchanged. */
  fetched(gameId: string, others: Presence, resend: boolean): Promise<void>;
}

/** Several nodes: the DIRTY notices and the debounced refetches of the other nodes' members. */
export function createPresenceSync(io: IO, host: PresenceSyncHost) {
  const { log, debounceMs } = host;
  /** Refetches waiting or under way, by game. */
  const refreshes = new Map<string, { timer: NodeJS.Timeout | null; running: boolean; again: boolean; resend: boolean }>();
  let closed = false;

  /** Refetch a game's members soon, if this node has any there. */
  function refresh(gameId: string, resend = false) {
    if (closed || !host.hasLocal(gameId)) return;
    let r = refreshes.get(gameId);
    if (!r) refreshes.set(gameId, (r = { timer: null, running: false, again: false, resend: false }));
    r.resend ||= resend;
    // A fetch under way may have missed this change: go again when it is done.
    if (r.running) r.again = true;
    else r.timer ??= setTimeout(() => void run(gameId), debounceMs);
  }

  /** The other nodes' members of a game's room (this node's sockets are counted live by presence). */
  async function fetchOthers(gameId: string): Promise<Presence> {
    const sockets = await io.in(roomOf(gameId)).fetchSockets();
    const others = noPresence();
    for (const s of sockets) {
      if (io.sockets.sockets.has(s.id)) continue; // ours
      const role = (s.data as { joined?: Record<string, Role> } | undefined)?.joined?.[gameId];
      if (role !== undefined) addMember(others, role); // undefined: leaving, or not joined yet
    }
    return others;
  }

  async function run(gameId: string) {
    const r = refreshes.get(gameId);
    if (!r) return;
    r.timer = null;
    r.running = true;
    const resend = r.resend;
    r.resend = false;
    try {
      const others = await fetchOthers(gameId);
      if (closed || !host.hasLocal(gameId)) return;
      await host.fetched(gameId, others, resend);
    } catch (err) {
      // A node that does not answer (timeout): keep the last figures; the next change retries.
      log.warn({ err: (err as Error).message, gameId }, "could not fetch the game's members from the other nodes");
    } finally {
      r.running = false;
      if (r.again && !closed && host.hasLocal(gameId)) {
        r.again = false;
        r.timer = setTimeout(() => void run(gameId), debounceMs);
      } else if (!r.timer) refreshes.delete(gameId);
    }
  }

  io.on(DIRTY, (gameId: unknown, resend: unknown) => {
    if (typeof gameId === "string") refresh(gameId, resend === true);
  });

  return {
    refresh,

    /** This node has no members left in a game: no refetch is due. */
    forget(gameId: string) {
      const r = refreshes.get(gameId);
      if (r?.timer) clearTimeout(r.timer);
      if (r && !r.running) refreshes.delete(gameId);
    },

    /** Tells the other nodes a game's room changed here. */
    notifyOthers(gameId: string, resend: boolean) {
      try {
        io.serverSideEmit(DIRTY, gameId, resend);
      } catch (err) {
        log.warn({ err, gameId }, "could not tell the other nodes about a presence change");
      }
    },

    close() {
      closed = true;
      for (const r of refreshes.values()) if (r.timer) clearTimeout(r.timer);
      refreshes.clear();
    },
  };
}
