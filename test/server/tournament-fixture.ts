// One test file's tournament server: the real server on fake time (its own director off, the lobby's pairing
// slowed out of the way, the address budget wide), a Director of the test's own that it ticks, and the
// sockets to close after. `fx.srv` and `fx.director` exist once the file's beforeAll has run.
import { afterAll, beforeAll } from "vitest";
import { EV } from "../../lib/shared/protocol";
import { FakeClock } from "../../lib/server/time";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { log } from "../../lib/server/log";
import { Director } from "../../lib/server/tournaments/director";
import { postApi, server, type Client } from "./helpers";
import type { TestServer } from "../support/test-server";

export interface TournamentFixture {
  readonly clock: FakeClock;
  srv: TestServer;
  director: Director;
  readonly sockets: Client[];
  /** POST to the server's API with `cookie`; the answer's body. */
  post(path: string, cookie: string, body?: unknown): Promise<any>;
}

export function useTournamentServer(nodeId: string): TournamentFixture {
  const fx = {
    clock: new FakeClock(Date.now()),
    sockets: [] as Client[],
    post: async (path: string, cookie: string, body: unknown = {}) => (await postApi(fx.srv.url, path, body, cookie)).body as any,
  } as TournamentFixture;
  beforeAll(async () => {
    fx.srv = await server({ clock: fx.clock, pairEveryMs: 3600_000, tournaments: { enabled: false }, limits: { ...DEFAULT_LIMITS, ipEventsPerSec: 5000 } });
    fx.director = new Director(
      {
        db: fx.srv.db,
        games: fx.srv.games,
        clock: fx.clock,
        log,
        nodeId,
        started: (p, g) => void fx.srv.io.to(`player:${p}`).emit(EV.started, { gameId: g, via: "pairing" }),
      },
      { schedule: false },
    );
  });
  afterAll(async () => {
    for (const s of fx.sockets) s.disconnect();
    await fx.director.close();
    await fx.srv.close();
  });
  return fx;
}
