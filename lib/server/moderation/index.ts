// Moderation as the realtime layer calls it (issue 28): a player's blocks and reports, each for the
// connection's identity, with the limits that bound them. The operator's side: ./http.
import type { Db } from "../db/client";
import { fail } from "../errors";
import { RateLimitedError } from "../limits/limiter";
import type { ChatLimits } from "../limits/chat";
import type { Me } from "../../shared/identity";
import { blockList, setBlockByName } from "./blocks";
import { fileReport, type ReportInput } from "./reports";

export { isBlocked, blockedAmong, blockedPairs, pairKey } from "./blocks";

export interface ModerationOptions {
  db: Db;
  limits: ChatLimits;
  now: () => number;
}

export class Moderation {
  constructor(private readonly opts: ModerationOptions) {}

  /** Blocks or unblocks `name` for `me`: the name as stored, and the names `me` blocks now. */
  async setBlock(me: Me | null, name: string, blocked: boolean): Promise<{ name: string; blocked: string[] }> {
    const who = requireMe(me);
    const stored = await setBlockByName(this.opts.db, who.id, name, blocked);
    return { name: stored, blocked: await this.blockedNames(who) };
  }

  /** The names `me` blocks, newest first (none without an identity). */
  async blockedNames(me: Me | null): Promise<string[]> {
    return me ? (await blockList(this.opts.db, me.id)).map((b) => b.name) : [];
  }

  async report(me: Me | null, input: ReportInput): Promise<{ id: string }> {
    const who = requireMe(me);
    const rate = await this.opts.limits.report(who.id);
    if (!rate.ok) throw new RateLimitedError("reports", rate.retryMs);
    const { id } = await fileReport(this.opts.db, who.id, input, this.opts.now());
    return { id };
  }
}

function requireMe(me: Me | null): Me {
  if (!me) return fail("NOT_SIGNED_IN", "This needs an identity: open the site in a browser (it makes you a guest) and try again.");
  return me;
}
