// Challenges by name (issue 28): one player challenges another from their page; the receiver hears it
// live (a socket event to their room) and accepts or declines with one click; the sender hears the
// answer. Rows, not per-node maps: one conditional UPDATE decides an answer on every node. Capped per
// sender and per receiver (pending and per hour), refused across a block (lib/server/moderation/blocks).
import type { Db } from "../db/client";
import type { GameService } from "../games/service";
import { startChallengeGame } from "../games/challenge-game";
import { fail } from "../errors";
import { newGameId } from "../tokens";
import { isBlocked } from "../moderation/blocks";
import { playerByName } from "../moderation/players";
import type { Me } from "../../shared/identity";
import type { ClockSettings } from "../../shared/protocol";
import type { DirectAnsweredEvent, DirectChallengeView } from "../../shared/social";
import type { Rule } from "../../../engine";
import { requireMe } from "./me";

/** A challenge by name waits this long for its answer. */
export const DIRECT_TTL_MS = 24 * 3600_000;
/** Unanswered challenges one player may have sent at once, and may receive at once. */
export const PENDING_PER_SENDER = 5;
export const PENDING_PER_RECEIVER = 10;
/** Challenges by name one player may send in an hour, and receive in an hour (from everyone). */
export const SENT_PER_HOUR = 20;
export const RECEIVED_PER_HOUR = 30;

export interface DirectInput {
  name: string;
  size: number;
  rule: Rule;
  clock: ClockSettings | null;
  corrDays: number | null;
  rated: boolean;
  color: "black" | "white" | "random";
  swap2: boolean;
}

/** How a challenge's news reaches the players (the realtime layer: rooms player:<id>). */
export interface DirectNotices {
  incoming(toId: string, c: DirectChallengeView): void;
  answered(fromId: string, e: DirectAnsweredEvent): void;
  started(playerId: string, gameId: string): void;
}

type Row = Awaited<ReturnType<Db["directChallenge"]["findMany"]>>[number];

export class DirectChallenges {
  constructor(
    private readonly db: Db,
    private readonly games: GameService,
    private readonly notices: () => DirectNotices,
    private readonly now: () => number,
  ) {}

  async create(me: Me | null, input: DirectInput): Promise<DirectChallengeView> {
    const from = requireMe(me);
    const to = await playerByName(this.db, input.name);
    if (to.id === from.id) fail("NOT_ALLOWED", "You cannot challenge yourself.", { reason: "challengeSelf" });
    // Never says which of the two blocked the other.
    if (await isBlocked(this.db, from.id, to.id)) fail("BLOCKED", "You cannot challenge this player.", { reason: "directBlocked" });
    await this.checkCaps(from.id, to);
    const row = await this.db.directChallenge.create({
      data: {
        id: newGameId(),
        fromId: from.id,
        toId: to.id,
        size: input.size,
        rule: input.rule,
        clock: JSON.stringify(input.clock),
        corrDays: input.corrDays,
        rated: input.rated,
        color: input.color,
        swap2: input.swap2,
        status: "pending",
        createdAt: new Date(this.now()),
      },
    });
    const view = viewOf(row, from.name, to.name);
    this.notices().incoming(to.id, view);
    return view;
  }

  /** The caps, counted from the rows (every node sees the same): pending and per hour, per sender and per receiver. */
  private async checkCaps(fromId: string, to: { id: string; name: string }): Promise<void> {
    const live = { status: "pending", createdAt: { gt: new Date(this.now() - DIRECT_TTL_MS) } };
    const hour = { createdAt: { gt: new Date(this.now() - 3600_000) } };
    const [again, sent, waiting, sentHour, receivedHour] = await Promise.all([
      this.db.directChallenge.count({ where: { fromId, toId: to.id, ...live } }),
      this.db.directChallenge.count({ where: { fromId, ...live } }),
      this.db.directChallenge.count({ where: { toId: to.id, ...live } }),
      this.db.directChallenge.count({ where: { fromId, ...hour } }),
      this.db.directChallenge.count({ where: { toId: to.id, ...hour } }),
    ]);
    if (again > 0)
      fail("LIMIT", `You have challenged ${to.name} already: wait for the answer, or cancel it first.`, { reason: "directAgain", params: { name: to.name } });
    if (sent >= PENDING_PER_SENDER)
      fail("LIMIT", `You have ${sent} challenges waiting for an answer (at most ${PENDING_PER_SENDER}): cancel one first.`, {
        reason: "directPending",
        params: { n: sent, max: PENDING_PER_SENDER },
      });
    if (sentHour >= SENT_PER_HOUR)
      fail("LIMIT", `You sent ${sentHour} challenges within the hour (at most ${SENT_PER_HOUR}): try again later.`, {
        reason: "directHour",
        params: { n: sentHour, max: SENT_PER_HOUR },
      });
    if (waiting >= PENDING_PER_RECEIVER)
      fail("LIMIT", `${to.name} has ${waiting} challenges waiting already: try again later.`, { reason: "receiverPending", params: { name: to.name } });
    if (receivedHour >= RECEIVED_PER_HOUR)
      fail("LIMIT", `${to.name} has received ${receivedHour} challenges within the hour: try again later.`, {
        reason: "receiverHour",
        params: { name: to.name },
      });
  }

  /** The receiver's answer: accepted, the game starts (its id for both); declined, the sender hears it. */
  async answer(me: Me | null, id: string, accept: boolean): Promise<{ gameId: string | null }> {
    const taker = requireMe(me);
    const row = await this.db.directChallenge.findUnique({ where: { id } });
    if (!row || row.createdAt.getTime() <= this.now() - DIRECT_TTL_MS)
      fail("NOT_FOUND", "That challenge does not exist or has lapsed.", { reason: "directGone" });
    if (row!.toId !== taker.id) fail("NOT_ALLOWED", "That challenge is not addressed to you.", { reason: "directNotYours" });
    if (row!.status !== "pending") fail("NOT_FOUND", "That challenge was answered or cancelled already.", { reason: "directAnswered" });
    const c = row!;
    if (accept && (await isBlocked(this.db, c.fromId, c.toId))) fail("BLOCKED", "You cannot play this player.", { reason: "directPlayBlocked" });
    const status = accept ? "accepted" : "declined";
    const { count } = await this.db.directChallenge.updateMany({ where: { id, status: "pending" }, data: { status, answeredAt: new Date(this.now()) } });
    if (count !== 1) fail("NOT_FOUND", "That challenge was answered or cancelled already.", { reason: "directAnswered" });
    if (!accept) {
      this.notices().answered(c.fromId, { id, outcome: "declined", gameId: null, by: taker.name });
      return { gameId: null };
    }
    const gameId = await startChallengeGame(this.db, this.games, c, c.fromId, c.toId);
    await this.db.directChallenge.update({ where: { id }, data: { gameId } });
    this.notices().answered(c.fromId, { id, outcome: "accepted", gameId, by: taker.name });
    this.notices().started(c.fromId, gameId);
    return { gameId };
  }

  /** The sender takes a pending challenge back; the receiver's card goes. */
  async cancel(me: Me | null, id: string): Promise<void> {
    const from = requireMe(me);
    const row = await this.db.directChallenge.findUnique({ where: { id }, select: { toId: true } });
    const { count } = await this.db.directChallenge.updateMany({ where: { id, fromId: from.id, status: "pending" }, data: { status: "withdrawn" } });
    if (count !== 1 || !row) fail("NOT_FOUND", "You have no pending challenge with that id.", { reason: "noPendingDirect" });
    this.notices().answered(row!.toId, { id, outcome: "cancelled", gameId: null, by: from.name });
  }

  /** My pending challenges: to me and from me (newest first, bounded by the caps). */
  async inbox(me: Me | null): Promise<{ incoming: DirectChallengeView[]; outgoing: DirectChallengeView[] }> {
    const p = requireMe(me);
    const live = { status: "pending", createdAt: { gt: new Date(this.now() - DIRECT_TTL_MS) } };
    const [incoming, outgoing] = await Promise.all([
      this.db.directChallenge.findMany({ where: { toId: p.id, ...live }, orderBy: { createdAt: "desc" }, take: PENDING_PER_RECEIVER }),
      this.db.directChallenge.findMany({ where: { fromId: p.id, ...live }, orderBy: { createdAt: "desc" }, take: PENDING_PER_SENDER }),
    ]);
    const ids = [...new Set([...incoming, ...outgoing].flatMap((r) => [r.fromId, r.toId]))];
    const names = new Map((await this.db.player.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((n) => [n.id, n.name]));
    const view = (r: Row) => viewOf(r, names.get(r.fromId) ?? "?", names.get(r.toId) ?? "?");
    return { incoming: incoming.map(view), outgoing: outgoing.map(view) };
  }
}

function viewOf(r: Row, from: string, to: string): DirectChallengeView {
  return {
    id: r.id,
    from,
    to,
    size: r.size,
    rule: r.rule as Rule,
    clock: JSON.parse(r.clock) as ClockSettings | null,
    corrDays: r.corrDays,
    rated: r.rated,
    color: r.color as DirectChallengeView["color"],
    swap2: r.swap2,
    createdAt: r.createdAt.toISOString(),
  };
}
