// The route table of the main port (lib/server/http/router), in the order it is matched, and the
// checks every request passes first: the address's throttle on every POST and /readyz, and the
// unknown-game mark a browser may not send. What no route takes goes to Next.
import type http from "node:http";
import type { Db } from "../db/client";
import type { GameService } from "../games/service";
import { gamePageRoutes, stripUnknownGameMark } from "../games/pages";
import type { Route, RouterOptions } from "../http/router";
import { identityRoutes, type IdentityHttpOptions } from "../identity/http";
import { createIdentityLimiter } from "../identity/limits";
import { PlayerTraces } from "../identity/traces";
import type { ImportRoutes } from "../imports/http";
import { httpThrottle } from "../limits/http-throttle";
import { rateLimitedInfo, type Limiter } from "../limits/limiter";
import { opsRoutes, type OpsOptions } from "../metrics/http";
import type { Metrics } from "../metrics/registry";
import { ratingsRoutes } from "../ratings/http";
import { moderationRoutes } from "../moderation/http";
import { puzzleRoutes } from "../puzzles/http";
import { PuzzleService } from "../puzzles/service";
import type { GameServerSettings } from "./options";

export interface RoutingParts {
  db: Db;
  games: GameService;
  limiter: Limiter;
  metrics: Metrics;
  /** /healthz, /readyz, /metrics. */
  ops: OpsOptions;
  identity: Pick<IdentityHttpOptions, "identities" | "known" | "sessionsEnded">;
  imports: ImportRoutes;
  /** Rate-limit counters shared through Redis (when there is one). */
  shared: { redis?: import("ioredis").Redis; prefix?: string };
  /** Next's request handler (default: 404). */
  pages?: http.RequestListener;
  /** The tournaments' API (lib/server/tournaments/http). */
  tournaments?: Route[];
}

export function httpRouting(s: GameServerSettings, p: RoutingParts): RouterOptions {
  const { db, games, limiter, metrics, shared, log } = { ...p, log: s.log };
  return {
    routes: [
      ...opsRoutes(p.ops),
      ...identityRoutes({
        ...p.identity,
        limiter: createIdentityLimiter(s.identityLimits, shared),
        trustProxy: s.limits.trustProxy,
        log,
        traces: new PlayerTraces(db),
      }),
      ...p.imports.routes,
      ...gamePageRoutes({ exists: (id) => games.exists(id), log }),
      ...ratingsRoutes({ db, log }),
      ...(p.tournaments ?? []),
      ...moderationRoutes({ db, token: s.operatorToken, now: () => games.clock.now() }),
      ...puzzleRoutes({ db, puzzles: new PuzzleService(db, games.clock), identities: p.identity.identities }),
    ],
    guards: [
      httpThrottle({
        postsPerMin: s.fairness.postsPerMin,
        readyzPerMin: s.fairness.readyzPerMin,
        ...shared,
        onRefused: (limit) => metrics.rateLimited.inc({ limit }),
      }),
      stripUnknownGameMark,
    ],
    addressOf: (req) => limiter.addressOf(req),
    origin: s.origin,
    // A route's cost (a profile read, an import) comes out of the address's socket event budget.
    charge: async (address, points) => {
      const r = await limiter.event(`http:${address}`, address, points);
      return r.ok ? null : rateLimitedInfo("requests", r.retryMs);
    },
    fallback: p.pages,
    log,
  };
}
