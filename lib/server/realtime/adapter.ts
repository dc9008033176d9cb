// Several server processes (REDIS_URL=redis://…): socket.io's Redis adapter, so a broadcast to a
// game's room reaches its sockets on every node, and a "game changed" notice between nodes: a node
// applies another node's plain move to its cached copy of the game, and for any other change drops
// the copy (it reloads it from the rows).
import { createAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import type { Server } from "socket.io";
import type { Logger } from "../log";
import { serverConfig } from "../config";
import type { MoveRecord } from "../../shared/protocol";
import { NameSchema } from "../../shared/identity";

export interface RedisSetup {
  /** For socket.io's `adapter` option. */
  adapter: ReturnType<typeof createAdapter>;
  /** A client for commands (rate limits…); the adapter's pub/sub clients are separate. */
  redis: Redis;
  /** The key and channel prefix (REDIS_PREFIX, default "gomoku"). */
  prefix: string;
  close(): Promise<void>;
}

/** Connects to `url` (three connections: commands, publish, subscribe); resolves once connected. */
export async function connectRedis(url: string, opts: { prefix?: string; log?: Logger } = {}): Promise<RedisSetup> {
  const prefix = opts.prefix ?? serverConfig().redisPrefix;
  const mk = (role: string) => {
    const c = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableAutoPipelining: true });
    c.on("error", (err: Error) => opts.log?.warn({ err: err.message, role }, "redis error"));
    return c;
  };
  const redis = mk("commands");
  const pub = mk("pub");
  const sub = mk("sub");
  try {
    await Promise.all([redis.connect(), pub.connect(), sub.connect()]);
  } catch (err) {
    // Unreachable: stop the clients' reconnect loops and fail the start.
    for (const c of [redis, pub, sub]) c.disconnect();
    throw new Error(`Redis at ${url.replace(/^([^/]*)\/\/[^@]*@/, "$1//…@")} is unreachable: ${(err as Error).message}`, { cause: err });
  }
  const adapter = createAdapter(pub, sub, { key: `${prefix}:socket.io`, requestsTimeout: 3000 });
  return {
    adapter,
    redis,
    prefix,
    async close() {
      await Promise.allSettled([redis.quit(), pub.quit(), sub.quit()]);
      for (const c of [redis, pub, sub]) c.disconnect();
    },
  };
}

/** The notice a node sends after changing a game (over the adapter: serverSideEmit). */
export const CHANGED = "gomoku:game-changed";

/** The notice a node sends after a player's name changed there (over the adapter: serverSideEmit). */
export const RENAMED = "gomoku:player-renamed";

/** Something that can forget a cached game, or bring it up to date (the GameService). */
export interface Invalidatable {
  on(event: "changed", fn: (gameId: string, move?: MoveRecord) => void): unknown;
  on(event: "renamed", fn: (playerId: string, name: string) => void): unknown;
  invalidate(gameId: string): void;
  applyRemoteMove(gameId: string, move: MoveRecord): void;
  renamed(playerId: string, name: string, from: "cluster"): void;
}

/** The shape of a move in a notice from another node (checked: a notice is data off the wire). */
function isMoveRecord(m: unknown): m is MoveRecord {
  if (!m || typeof m !== "object") return false;
  const r = m as Record<string, unknown>;
  return (
    Number.isInteger(r.ply) &&
    Number.isInteger(r.x) &&
    Number.isInteger(r.y) &&
    (r.color === 1 || r.color === 2) &&
    (r.by === "human" || r.by === "engine") &&
    typeof r.timeMs === "number" &&
    typeof r.at === "string"
  );
}

/**
 * Wires `games` to the other nodes: its own changes go out, other nodes' changes reach the local
 * cached copy: a plain move is applied to it, anything else drops it. A new name goes out too: the
 * other nodes put it in their cached games and drop their cached `sessions` of that player. A no-op
 * with the in-memory adapter (serverSideEmit reaches nobody).
 */
export function wireCluster(io: Server, games: Invalidatable, log?: Logger, sessions?: { forget(playerId: string): void }): void {
  games.on("changed", (gameId, move) => {
    try {
      io.serverSideEmit(CHANGED, gameId, move ?? null);
    } catch (err) {
      log?.warn({ err, gameId }, "could not tell the other nodes about a change");
    }
  });
  io.on(CHANGED, (gameId: unknown, move: unknown) => {
    if (typeof gameId !== "string") return;
    if (isMoveRecord(move)) games.applyRemoteMove(gameId, move);
    else games.invalidate(gameId);
  });
  // A new name reaches the games other nodes hold cached (they would say the old one until reloaded).
  games.on("renamed", (playerId, name) => {
    try {
      io.serverSideEmit(RENAMED, playerId, name);
    } catch (err) {
      log?.warn({ err, playerId }, "could not tell the other nodes about a new name");
    }
  });
  io.on(RENAMED, (playerId: unknown, name: unknown) => {
    if (typeof playerId !== "string" || !NameSchema.safeParse(name).success) return;
    sessions?.forget(playerId);
    games.renamed(playerId, name as string, "cluster");
  });
}
