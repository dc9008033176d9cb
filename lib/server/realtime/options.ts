// What attachRealtime (./attach) is given: the services its events reach, and its limits and settings.
import type { ServerOptions } from "socket.io";
import type { GameService } from "../games/service";
import type { Logger } from "../log";
import type { Limiter } from "../limits/limiter";
import type { AbortAllowance } from "../limits/aborts";
import type { Metrics } from "../metrics/registry";
import type { TvLoop } from "../tv/loop";
import type { Identities } from "../identity/identities";
import type { Lobby } from "../lobby";
import type { AnalysisService } from "../analysis/service";
import type { ChatService } from "../chat/service";
import type { Moderation } from "../moderation";
import type { Social } from "../social";

export interface RealtimeServices {
  games: GameService;
  /** Sessions → identities (lib/server/identity); none: every socket is anonymous (seat tokens only). */
  identities?: Identities | null;
  /** The TV loop, if the server runs one. */
  tv?: TvLoop | null;
  /** Open challenges and quick pairing (lib/server/lobby); none: those events answer NOT_FOUND. */
  lobby?: Lobby | null;
  /** Aborts per player (lib/server/limits/aborts): a player on a break takes no seat from the lobby; none: no limit. */
  aborts?: AbortAllowance | null;
  /** Game analysis (lib/server/analysis); none: its events answer NOT_FOUND. */
  analysis?: AnalysisService | null;
  /** Game chat (lib/server/chat) and blocks and reports (lib/server/moderation); none: their events answer NOT_FOUND. */
  chat?: ChatService | null;
  moderation?: Moderation | null;
  /** People: search, follows, challenges by name, correspondence turns (lib/server/social); none: their events answer NOT_FOUND. */
  social?: Social | null;
  log?: Logger;
}

export interface RealtimeOptions {
  /** Allowed CORS origins for socket.io (default: same origin only). */
  corsOrigin?: string | string[];
  /** Rate limits and the payload limit (default: lib/server/limits/limiter from the environment, in memory). */
  limiter?: Limiter;
  /** socket.io adapter (several nodes: the Redis adapter, lib/server/realtime/adapter). Default in memory. */
  adapter?: ServerOptions["adapter"];
  /**
   * socket.io connection-state recovery: a client back within this many ms gets its rooms and the
   * packets it missed (default 30 s, startGameServer passes SOCKET_RECOVERY_MS; 0: off; never with an adapter
   * given, the Redis adapter cannot). The server keeps every broadcast that long: memory grows
   * with the move rate. Clients rejoin on every (re)connection anyway, and every join answers
   * with the full state.
   */
  recoveryMs?: number;
  /** Acknowledgement times and rate-limit refusals go here (lib/server/metrics). */
  metrics?: Metrics | null;
  /** Which handshakes to accept (startGameServer: the Origin check, lib/server/http/origin). */
  allowRequest?: ServerOptions["allowRequest"];
  /** Sockets one address may hold at once on this process (SOCKETS_PER_ADDRESS; lib/server/limits/sockets). Default 0: no cap. */
  socketsPerAddress?: number;
}
