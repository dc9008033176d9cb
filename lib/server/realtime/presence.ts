// Who is in each game's room, by socket: a colour (seat holder) or null (spectator). It feeds the
// state's spectator count and each seat's "connected" flag (handed to the GameService as its
// presence source, read synchronously), and tells a room when they change.
// One node (in-memory adapter): this node's sockets, counted synchronously, nothing else.
// Several nodes (an adapter given): this node's sockets plus the other nodes', as last fetched
// (fetchSockets reads each socket's data.joined). A node whose room changed tells the others
// (serverSideEmit DIRTY); each node with members there refetches, debounced, and tells only its own
// sockets what changed, so every client gets each update once.
import type { Server, Socket } from "socket.io";
import { EV, type ClientToServer, type ServerToClient } from "../../shared/protocol";
import type { GameService, Presence } from "../games/service";
import { noPresence } from "../games/state";
import type { Logger } from "../log";

export const roomOf = (gameId: string) => `game:${gameId}`;
/** The notice between nodes: (gameId, resend) — a game's room changed on the sender. */
export const DIRTY = "gomoku:presence-dirty";

type IO = Server<ClientToServer, ServerToClient>;
type Role = 1 | 2 | null;

export interface PresenceOptions {
  /** Several nodes share rooms (an adapter was given to attachRealtime). */
  cluster: boolean;
  log: Logger;
  /** Several nodes: wait this long after a change before refetching, so a burst costs one fetch (default 100 ms). */
  debounceMs?: number;
}

function add(p: Presence, role: Role): void {
  if (role === null) p.spectators++;
  else p.connected[role] = true;
}

export function createPresence(io: IO, games: GameService, opts: PresenceOptions) {
  const { cluster, log } = opts;
  const debounceMs = opts.debounceMs ?? 100;
  /** This node's sockets in each game's room. */
  const local = new Map<string, Map<string, Role>>();
  /** Several nodes: the other nodes' members of each game this node has members in, as last fetched. */
  const remote = new Map<string, Presence>();
  /** When each seat's last socket left a game's room, while it stays away (claims: lib/server/games/endings). */
  const gone = new Map<string, { 1?: number; 2?: number }>();
  /** Several nodes: refetches waiting or under way, by game. */
  const refreshes = new Map<string, { timer: NodeJS.Timeout | null; running: boolean; again: boolean; resend: boolean }>();
  let closed = false;

  const localOf = (gameId: string): Presence => {
    const members = local.get(gameId);
    const p = noPresence();
    if (members) for (const c of members.values()) add(p, c);
    const g = gone.get(gameId);
    if (g) p.goneSince = { ...g };
    return p;
  };

  /** A seat whose last socket just left is gone from now; one that came back is not. */
  function noteGone(gameId: string, before: Presence, after: Presence) {
    for (const c of [1, 2] as const) {
      if (after.connected[c]) {
        const g = gone.get(gameId);
        if (g?.[c] !== undefined) {
          delete g[c];
          if (g[1] === undefined && g[2] === undefined) gone.delete(gameId);
        }
      } else if (before.connected[c]) {
        gone.set(gameId, { ...gone.get(gameId), [c]: Date.now() });
        // Oldest first: a long-running node forgets games long left.
        while (gone.size > 10_000) gone.delete(gone.keys().next().value as string);
      }
    }
  }
  const clusterOf = (gameId: string): Presence => {
    const p = localOf(gameId);
    const r = remote.get(gameId);
    if (r) {
      p.spectators += r.spectators;
      p.connected[1] ||= r.connected[1];
      p.connected[2] ||= r.connected[2];
    }
    return p;
  };
  // One node keeps exactly the old synchronous path (no per-call merge).
  const presenceOf = cluster ? clusterOf : localOf;
  // Several nodes: each node tells its own sockets only; the others tell theirs.
  const to = (gameId: string) => (cluster ? io.local.to(roomOf(gameId)) : io.to(roomOf(gameId)));

  /** Tells the room what changed between `before` and `after`. */
  async function tell(gameId: string, before: Presence, after: Presence, spectatorsAlways: boolean) {
    if (before.connected[1] !== after.connected[1] || before.connected[2] !== after.connected[2]) {
      // A player connected or left: everyone's seat view changes, and an engine searching for a player who left may stop.
      games.seatsChanged(gameId);
      try {
        to(gameId).emit(EV.state, await games.getState(gameId));
      } catch (err) {
        log.warn({ err, gameId }, "could not broadcast presence");
      }
    }
    if (spectatorsAlways || before.spectators !== after.spectators) to(gameId).emit(EV.spectators, { gameId, count: after.spectators });
  }

  function forget(gameId: string) {
    remote.delete(gameId);
    const r = refreshes.get(gameId);
    if (r?.timer) clearTimeout(r.timer);
    if (r && !r.running) refreshes.delete(gameId);
  }

  /** Several nodes: refetch a game's members soon, if this node has any there (else nobody here to tell). */
  function refresh(gameId: string, resend = false) {
    if (closed || !local.has(gameId)) return;
    let r = refreshes.get(gameId);
    if (!r) refreshes.set(gameId, (r = { timer: null, running: false, again: false, resend: false }));
    r.resend ||= resend;
    // A fetch under way may have missed this change: go again when it is done.
    if (r.running) r.again = true;
    else r.timer ??= setTimeout(() => void run(gameId), debounceMs);
  }

  async function run(gameId: string) {
    const r = refreshes.get(gameId);
    if (!r) return;
    r.timer = null;
    r.running = true;
    const resend = r.resend;
    r.resend = false;
    try {
      const sockets = await io.in(roomOf(gameId)).fetchSockets();
      if (closed || !local.has(gameId)) return;
      const others = noPresence();
      for (const s of sockets) {
        if (io.sockets.sockets.has(s.id)) continue; // ours: counted live in `local`
        const role = (s.data as { joined?: Record<string, Role> } | undefined)?.joined?.[gameId];
        if (role !== undefined) add(others, role); // undefined: leaving, or not joined yet
      }
      const before = clusterOf(gameId);
      remote.set(gameId, others);
      noteGone(gameId, before, clusterOf(gameId));
      await tell(gameId, before, clusterOf(gameId), resend);
    } catch (err) {
      // A node that does not answer (timeout): keep the last figures; the next change retries.
      log.warn({ err: (err as Error).message, gameId }, "could not fetch the game's members from the other nodes");
    } finally {
      r.running = false;
      if (r.again && !closed && local.has(gameId)) {
        r.again = false;
        r.timer = setTimeout(() => void run(gameId), debounceMs);
      } else if (!r.timer) refreshes.delete(gameId);
    }
  }

  function notifyOthers(gameId: string, resend: boolean) {
    try {
      io.serverSideEmit(DIRTY, gameId, resend);
    } catch (err) {
      log.warn({ err, gameId }, "could not tell the other nodes about a presence change");
    }
  }

  if (cluster)
    io.on(DIRTY, (gameId: unknown, resend: unknown) => {
      if (typeof gameId === "string") refresh(gameId, resend === true);
    });

  return {
    presenceOf,

    /** Records a socket entering (role) or leaving (undefined) a game's room and tells the room what changed. */
    async set(socket: Socket<ClientToServer, ServerToClient>, gameId: string, role: Role | undefined) {
      let members = local.get(gameId);
      const before = presenceOf(gameId);
      if (role === undefined) {
        if (!members?.has(socket.id)) return;
        members.delete(socket.id);
        if (members.size === 0) {
          local.delete(gameId);
          if (cluster) forget(gameId);
        }
        await socket.leave(roomOf(gameId));
      } else {
        if (!members) local.set(gameId, (members = new Map()));
        members.set(socket.id, role);
        await socket.join(roomOf(gameId));
      }
      noteGone(gameId, before, presenceOf(gameId));
      await tell(gameId, before, presenceOf(gameId), true);
      if (cluster) {
        notifyOthers(gameId, false);
        // Ours too: a first member here needs the others' figures, and any change is a chance to
        // drop those of a node that died.
        refresh(gameId);
      }
    },

    /**
     * A state was just broadcast to the whole room. Several nodes: if this node has no members
     * there, it did not know the count it sent; the nodes that do resend theirs.
     */
    stateSent(gameId: string) {
      if (cluster && !local.has(gameId)) notifyOthers(gameId, true);
    },

    close() {
      closed = true;
      for (const r of refreshes.values()) if (r.timer) clearTimeout(r.timer);
      refreshes.clear();
    },
  };
}

export type PresenceTracker = ReturnType<typeof createPresence>;
