// Who is in each game's room, by socket: a colour (seat holder) or null (spectator). It feeds the
// state's spectator count and each seat's "connected" flag (handed to the GameService as its
// presence source, read synchronously), and tells a room when they change.
// One node (in-memory adapter): this node's sockets, counted synchronously, nothing else.
// Several nodes (an adapter given): this node's sockets plus the other nodes', as last fetched
// (fetchSockets reads each socket's data.joined). A node whose room changed tells the others
// (serverSideEmit DIRTY); each node with members there refetches, debounced, and tells only its own
// sockets what changed, so every client gets each update once.
import type { Socket } from "socket.io";
import { EV, type ServerToClient } from "../../shared/protocol";
import type { ClientToServer } from "../../shared/contract";
import type { GameService, Presence } from "../games/service";
import { noPresence } from "../games/state";
import type { Logger } from "../log";
import { addMember, createPresenceSync } from "./presence-sync";
import type { IO } from "./admission";
import type { Role } from "./conn";
import { roomOf } from "./rooms";
import { GoneSeats } from "./gone-seats";

export { DIRTY } from "./presence-sync";

export interface PresenceOptions {
  /** Several nodes share rooms (an adapter was given to attachRealtime). */
  cluster: boolean;
  log: Logger;
  /** Several nodes: wait this long after a change before refetching, so a burst costs one fetch (default 100 ms). */
  debounceMs?: number;
}

export function createPresence(io: IO, games: GameService, opts: PresenceOptions) {
  const { cluster, log } = opts;
  /** This node's sockets in each game's room. */
  const local = new Map<string, Map<string, Role>>();
  /** Several nodes: the other nodes' members of each game this node has members in, as last fetched. */
  const remote = new Map<string, Presence>();
  const gone = new GoneSeats();

  const localOf = (gameId: string): Presence => {
    const members = local.get(gameId);
    const p = noPresence();
    if (members) for (const c of members.values()) addMember(p, c);
    const g = gone.of(gameId);
    if (g) p.goneSince = g;
    return p;
  };
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

  const sync = cluster
    ? createPresenceSync(io, {
        log,
        debounceMs: opts.debounceMs ?? 100,
        hasLocal: (gameId) => local.has(gameId),
        async fetched(gameId, others, resend) {
          const before = clusterOf(gameId);
          remote.set(gameId, others);
          gone.note(gameId, before, clusterOf(gameId));
          await tell(gameId, before, clusterOf(gameId), resend);
        },
      })
    : null;

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
          remote.delete(gameId);
          sync?.forget(gameId);
        }
        await socket.leave(roomOf(gameId));
      } else {
        if (!members) local.set(gameId, (members = new Map()));
        members.set(socket.id, role);
        await socket.join(roomOf(gameId));
      }
      gone.note(gameId, before, presenceOf(gameId));
      await tell(gameId, before, presenceOf(gameId), true);
      if (sync) {
        sync.notifyOthers(gameId, false);
        // Ours too: a first member here needs the others' figures, and any change is a chance to
        // drop those of a node that died.
        sync.refresh(gameId);
      }
    },

    /**
     * A state was just broadcast to the whole room. Several nodes: if this node has no members
     * there, it did not know the count it sent; the nodes that do resend theirs.
     */
    stateSent(gameId: string) {
      if (sync && !local.has(gameId)) sync.notifyOthers(gameId, true);
    },

    close() {
      sync?.close();
    },
  };
}

export type PresenceTracker = ReturnType<typeof createPresence>;
