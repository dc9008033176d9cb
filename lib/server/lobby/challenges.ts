// Open challenges: posted by a player, listed in the lobby for everyone, accepted once by anyone
// but the author (one conditional UPDATE decides between accepters, on every node), withdrawn by
// the author or when the socket that posted it leaves. A correspondence challenge (days per move)
// outlives its socket and waits a week; its game is rated in the correspondence pool. The only code
// that knows Challenge rows.
import type { Db } from "../db/client";
import type { GameService } from "../games/service";
import { challengePool, startChallengeGame } from "../games/challenge-game";
import { fail } from "../errors";
import { newGameId } from "../tokens";
import { ratingsIn } from "../ratings/read";
import type { Me } from "../../shared/identity";
import type { ChallengeView, ClockSettings } from "../../shared/protocol";
import type { Rule } from "../../../engine";
import type { LobbyNotices } from "./notices";
import { interleaveByNetwork } from "./fair-list";
import { subscriberOf } from "../limits/network";
import { isBlocked } from "../moderation/blocks";

/** Open challenges one player may hold at once. */
export const MAX_OPEN_PER_PLAYER = 3;
/** An open challenge nobody took in this long is no longer shown or accepted. */
export const CHALLENGE_TTL_MS = 60 * 60_000;
/** A correspondence one (days per move) waits longer: its author need not stay (it outlives the socket that posted it). */
export const CORR_CHALLENGE_TTL_MS = 7 * 24 * 3600_000;
/** The lobby shows at most this many (interleaved by network: ./fair-list). */
export const LIST_MAX = 50;
/** Open challenges read to make the list (the caps per player and per address keep the real number far below). */
const LIST_READ_MAX = 2000;

/** What the author sets (swap2: the black seat, which the author's colour decides, places the first stones; corrDays: days per move, no clock). */
export type ChallengeInput = Pick<ChallengeView, "size" | "rule" | "clock" | "rated" | "color" | "swap2"> & { corrDays?: number | null };

type Row = Awaited<ReturnType<Db["challenge"]["findMany"]>>[number];

export class Challenges {
  constructor(
    private readonly db: Db,
    private readonly games: GameService,
    private readonly nodeId: string,
    private readonly notices: LobbyNotices,
    /** Open challenges one address may hold at once (LOBBY_CHALLENGES_PER_ADDRESS): alts of one address count together. */
    private readonly perAddress: number = 10,
  ) {}

  /** Posts a challenge by `me` from address `ip` (the caps count per player and per address). */
  async create(me: Me | null, input: ChallengeInput, socketId: string, address: string | null = null): Promise<ChallengeView> {
    const author = requireMe(me);
    // An IPv6 address counts as its /64 (one device may take any address of it).
    const ip = address === null ? null : subscriberOf(address);
    const corrDays = input.corrDays ?? null;
    if (input.rated && !input.clock && !corrDays) fail("BAD_PAYLOAD", "A rated game needs a clock or days per move.");
    if (corrDays && (input.clock || input.swap2)) fail("BAD_PAYLOAD", "A correspondence game has days per move: no clock, no swap2.");
    const open = await this.db.challenge.count({ where: { authorId: author.id, ...this.live() } });
    if (open >= MAX_OPEN_PER_PLAYER)
      fail("LIMIT", `You have ${open} open challenges already: withdraw one first.`, { reason: "openChallenges", params: { n: open } });
    if (ip) {
      const fromAddress = await this.db.challenge.count({ where: { authorIp: ip, ...this.live() } });
      if (fromAddress >= this.perAddress)
        fail("LIMIT", `Your address has ${fromAddress} open challenges already (at most ${this.perAddress}): accept one, or wait for one to be taken.`, {
          reason: "addressChallenges",
          params: { n: fromAddress, max: this.perAddress },
        });
    }
    const row = await this.db.challenge.create({
      data: {
        id: newGameId(),
        authorId: author.id,
        size: input.size,
        rule: input.rule,
        clock: JSON.stringify(corrDays ? null : input.clock),
        corrDays,
        rated: input.rated,
        color: input.color,
        swap2: input.swap2 ?? false,
        status: "open",
        nodeId: this.nodeId,
        socketId,
        authorIp: ip,
      },
    });
    this.notices.changed();
    return (await this.views([row]))[0];
  }

  /** The open challenges: up to LIST_MAX, one network's after another's in turn, newest first (./fair-list). */
  async list(): Promise<ChallengeView[]> {
    const rows = await this.db.challenge.findMany({
      where: this.live(),
      orderBy: { createdAt: "desc" },
      take: LIST_READ_MAX,
    });
    return this.views(interleaveByNetwork(rows, LIST_MAX));
  }

  /** Accepts challenge `id` for `me`: the game starts; its id for both (the author hears it through notices). */
  async accept(me: Me | null, id: string): Promise<{ gameId: string }> {
    const taker = requireMe(me);
    const row = await this.db.challenge.findUnique({ where: { id } });
    if (row?.status === "accepted") fail("SEAT_TAKEN", "Someone else accepted that challenge first.", { reason: "challengeTaken" });
    if (!row || row.status !== "open" || row.createdAt <= this.oldest(row.corrDays))
      fail("NOT_FOUND", "That challenge is no longer open.", { reason: "challengeGone" });
    if (row!.authorId === taker.id) fail("NOT_ALLOWED", "That is your own challenge: someone else has to accept it.", { reason: "ownChallenge" });
    if (await isBlocked(this.db, taker.id, row!.authorId))
      fail("BLOCKED", "You cannot accept this challenge: one of you blocked the other.", { reason: "challengeBlocked" });
    // One accepter wins, whichever node each came through.
    const { count } = await this.db.challenge.updateMany({ where: { id, status: "open" }, data: { status: "accepted" } });
    if (count !== 1) fail("SEAT_TAKEN", "Someone else accepted that challenge first.", { reason: "challengeTaken" });
    const c = row!;
    const gameId = await startChallengeGame(this.db, this.games, c, c.authorId, taker.id);
    await this.db.challenge.update({ where: { id }, data: { gameId } });
    this.notices.started(c.authorId, gameId, "challenge");
    this.notices.changed();
    return { gameId };
  }

  async withdraw(me: Me | null, id: string): Promise<void> {
    const author = requireMe(me);
    const { count } = await this.db.challenge.updateMany({ where: { id, authorId: author.id, status: "open" }, data: { status: "withdrawn" } });
    if (count !== 1) fail("NOT_FOUND", "You have no open challenge with that id.", { reason: "noOpenChallenge" });
    this.notices.changed();
  }

  /** The socket that posted them left: its open challenges go (not correspondence ones: their author need not stay). */
  async socketGone(socketId: string): Promise<void> {
    const { count } = await this.db.challenge.updateMany({
      where: { socketId, nodeId: this.nodeId, status: "open", corrDays: null },
      data: { status: "withdrawn" },
    });
    if (count) this.notices.changed();
  }

  /** One node: at start no socket of before is connected, so every open challenge goes (correspondence ones stay: they wait days). */
  async withdrawAll(): Promise<void> {
    await this.db.challenge.updateMany({ where: { status: "open", corrDays: null }, data: { status: "withdrawn" } });
  }

  /** Before this, a challenge has lapsed: an hour for a clocked or casual one, a week for a correspondence one. */
  private oldest(corrDays: number | null = null): Date {
    return new Date(Date.now() - (corrDays ? CORR_CHALLENGE_TTL_MS : CHALLENGE_TTL_MS));
  }

  /** Open and not lapsed (each kind its own time to live). */
  private live() {
    return {
      status: "open",
      OR: [
        { corrDays: null, createdAt: { gt: this.oldest() } },
        { corrDays: { not: null }, createdAt: { gt: this.oldest(1) } },
      ],
    };
  }

  /** The pool a rated challenge's game is rated in: the correspondence one for days per move, else its clock's. */
  private async views(rows: Row[]): Promise<ChallengeView[]> {
    const names = await this.db.player.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.authorId))] } }, select: { id: true, name: true } });
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    const out: ChallengeView[] = [];
    for (const r of rows) {
      const clock = JSON.parse(r.clock) as ClockSettings | null;
      // The rating shown is the one the game would use (the correspondence pool for days per move), also for a casual one.
      const pool = challengePool({ ...r, rated: true }, clock);
      const rating = pool ? (await ratingsIn(this.db, pool, [r.authorId])).get(r.authorId)! : null;
      out.push({
        id: r.id,
        author: { name: nameOf.get(r.authorId) ?? "?", rating: Math.round(rating?.rating ?? 1500), provisional: rating?.provisional ?? true },
        size: r.size,
        rule: r.rule as Rule,
        clock,
        rated: r.rated,
        color: r.color as ChallengeView["color"],
        ...(r.swap2 ? { swap2: true } : {}),
        ...(r.corrDays ? { corrDays: r.corrDays } : {}),
        createdAt: r.createdAt.toISOString(),
      });
    }
    return out;
  }
}

function requireMe(me: Me | null): Me {
  if (!me) fail("NOT_SIGNED_IN", "Playing people needs an identity: open the site in a browser (it makes you a guest) and try again.");
  return me!;
}
