// The lobby: open challenges and quick pairing (lib/server/lobby), made and started together.
import type { Db } from "../db/client";
import type { GameService } from "../games/service";
import type { Logger } from "../log";
import { Challenges } from "./challenges";
import { Pairing } from "./pairing";
import type { LobbyNotices } from "./notices";
import type { LobbyState } from "../../shared/protocol";

export { Challenges, Pairing };

export class Lobby {
  readonly challenges: Challenges;
  readonly pairing: Pairing;
  private notices: LobbyNotices = { started: () => {}, changed: () => {} };

  constructor(
    private readonly db: Db,
    games: GameService,
    private readonly opts: { nodeId: string; cluster: boolean; log: Logger; pairEveryMs?: number; challengesPerAddress?: number },
  ) {
    const relay: LobbyNotices = { started: (p, g, via) => this.notices.started(p, g, via), changed: () => this.notices.changed() };
    this.challenges = new Challenges(db, games, opts.nodeId, relay, opts.challengesPerAddress);
    this.pairing = new Pairing(db, games, opts.nodeId, relay, { cluster: opts.cluster, log: opts.log, everyMs: opts.pairEveryMs });
  }

  /** Who hears about started games and changes (the realtime layer, once attached). */
  setNotices(n: LobbyNotices): void {
    this.notices = n;
  }

  /** One node: what the last run left open is gone (its sockets are); several: each node's sockets clean up after themselves. */
  async start(): Promise<void> {
    if (!this.opts.cluster) {
      await this.challenges.withdrawAll();
      await this.pairing.clearAll();
    }
    this.pairing.start();
  }

  async state(): Promise<LobbyState> {
    const [challenges, waiting] = await Promise.all([this.challenges.list(), this.pairing.counts()]);
    return { challenges, waiting };
  }

  async socketGone(socketId: string): Promise<void> {
    await Promise.all([this.challenges.socketGone(socketId), this.pairing.socketGone(socketId)]);
  }

  close(): Promise<void> {
    return this.pairing.close();
  }
}
