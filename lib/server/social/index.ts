// People (issue 28): search, follows, challenges by name and the correspondence turns, made together
// for the composition root; the realtime layer hands each event here (lib/server/realtime/social-handlers).
import type { Redis } from "ioredis";
import type { Db } from "../db/client";
import type { GameService } from "../games/service";
import { DirectChallenges, type DirectNotices } from "./direct-challenges";
import { Follows } from "./follows";

export { searchPlayers } from "./search";
export { corrTurns } from "./corr-turns";
export type { DirectNotices } from "./direct-challenges";
export type { WhereAbouts } from "./follows";

const NOBODY: DirectNotices = { incoming: () => {}, answered: () => {}, started: () => {} };

export class Social {
  readonly direct: DirectChallenges;
  readonly follows: Follows;
  private notices: DirectNotices = NOBODY;

  constructor(
    readonly db: Db,
    games: GameService,
    opts: { redis?: Redis | null; prefix?: string } = {},
  ) {
    this.direct = new DirectChallenges(
      db,
      games,
      () => this.notices,
      () => games.clock.now(),
    );
    this.follows = new Follows(db, opts);
  }

  /** Who hears about challenges by name (the realtime layer, once attached). */
  setNotices(n: DirectNotices): void {
    this.notices = n;
  }
}
