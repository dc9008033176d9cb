// Several server processes (REDIS_URL=redis://…): socket.io's Redis adapter, so a broadcast to a
// game's room reaches its sockets on every node, and a "game changed" notice between nodes, so a
// node drops its cached copy of a game another node has just changed (it reloads it from the rows).
import { createAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import type { Server } from "socket.io";
import type { Logger } from "../log";

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
  const prefix = opts.prefix ?? process.env.REDIS_PREFIX ?? "gomoku";
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
    throw new Error(`Redis at ${url.replace(/\/\/[^@]*@/, "//…@")} is unreachable: ${(err as Error).message}`);
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

/** Something that can forget a cached game (the GameService). */
export interface Invalidatable {
  on(event: "changed", fn: (gameId: string) => void): unknown;
  invalidate(gameId: string): void;
}

/**
 * Wires `games` to the other nodes: its own changes go out, other nodes' changes drop the local
 * cached copy. A no-op with the in-memory adapter (serverSideEmit reaches nobody).
 */
export function wireCluster(io: Server, games: Invalidatable, log?: Logger): void {
  games.on("changed", (gameId) => {
    try {
      io.serverSideEmit(CHANGED, gameId);
    } catch (err) {
      log?.warn({ err, gameId }, "could not tell the other nodes about a change");
    }
  });
  io.on(CHANGED, (gameId: unknown) => {
    if (typeof gameId === "string") games.invalidate(gameId);
  });
}
