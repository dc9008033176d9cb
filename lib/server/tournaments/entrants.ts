// What people do with events: create one, join, withdraw, pause (arena), berserk (arena). Each
// refusal is a code and a sentence (docs/SECURITY.md); the rows are the only state.
import type { Me } from "../../shared/identity";
import { clockOfLabel, TOURNAMENT_LIMITS, type CreateTournamentInput } from "../../shared/tournaments";
import { ratingPoolOf } from "../../shared/pools";
import { fail } from "../errors";
import { ratingsIn } from "../ratings/read";
import { newGameId } from "../tokens";
import type { TournamentDeps, TournamentRow } from "./deps";

export const CREATE_LIMITS = {
  /** Events one player may have not yet finished. */
  livePerCreator: 1,
  /** Events made from one address in a day. */
  perAddressPerDay: 10,
};
/** A paused player who comes back waits this long per pause so far (at most PAUSE_MAX_MS): pausing to pick opponents costs. */
export const PAUSE_STEP_MS = 10_000;
export const PAUSE_MAX_MS = 60_000;

const signedIn = (me: Me | null): Me =>
  me ?? fail("NOT_SIGNED_IN", "Tournaments need an identity: open the site in a browser (it makes you a guest) and try again.");

/**
 * A finished event's rows are its results: nobody joins, withdraws or pauses any more (a withdrawal after
 * the end was taken, and turned the winner's row "withdrawn" under the podium; h3's trial).
 */
function notOver(t: TournamentRow): void {
  if (t.status === "finished") fail("GAME_OVER", "This event has finished.", { reason: "tourOver" });
}

export class Entrants {
  constructor(private readonly d: TournamentDeps) {}

  async create(who: Me | null, address: string, input: CreateTournamentInput): Promise<{ id: string }> {
    const me = signedIn(who);
    const { db, clock } = this.d;
    const now = clock.now();
    if (input.kind === "arena" && !input.minutes) fail("BAD_PAYLOAD", "An arena needs its length in minutes.");
    if (input.kind === "swiss" && !input.rounds) fail("BAD_PAYLOAD", "A Swiss event needs its number of rounds.");
    const soonest = TOURNAMENT_LIMITS.swissStartsInMinutesMin;
    if (input.kind === "swiss" && input.startsInMinutes < soonest)
      fail("BAD_PAYLOAD", `A Swiss event starts in ${soonest} minutes at the soonest: its first round pairs those who joined by then.`, {
        reason: "tourSwissSoon",
        params: { n: soonest },
      });
    const live = await db.tournament.count({ where: { createdById: me.id, status: { in: ["created", "started"] } } });
    if (live >= CREATE_LIMITS.livePerCreator) fail("LIMIT", "You already have an event that has not finished: one at a time.", { reason: "tourLiveMine" });
    const today = await db.tournament.count({ where: { createdByIp: address, createdAt: { gt: new Date(now - 24 * 3600_000) } } });
    if (today >= CREATE_LIMITS.perAddressPerDay)
      fail("LIMIT", `At most ${CREATE_LIMITS.perAddressPerDay} events a day are made from one address.`, {
        reason: "tourDay",
        params: { max: CREATE_LIMITS.perAddressPerDay },
      });
    const clockMs = clockOfLabel(input.clock);
    const startsAt = new Date(now + input.startsInMinutes * 60_000);
    const id = newGameId();
    await db.tournament.create({
      data: {
        id,
        kind: input.kind,
        name: input.name,
        size: input.size,
        rule: input.rule,
        ...clockMs,
        status: "created",
        startsAt,
        ...(input.kind === "arena" ? { minutes: input.minutes, endsAt: new Date(startsAt.getTime() + input.minutes! * 60_000) } : { rounds: input.rounds }),
        maxPlayers: TOURNAMENT_LIMITS.maxPlayers,
        createdById: me.id,
        createdByIp: address,
        createdAt: new Date(now),
      },
    });
    this.d.log.info({ tournamentId: id, kind: input.kind, by: me.id }, "tournament created");
    return { id };
  }

  async join(who: Me | null, id: string): Promise<void> {
    const me = signedIn(who);
    const t = await this.event(id);
    if (t.kind === "engine") fail("NOT_ALLOWED", "An engine tournament is played by its AI configurations: watch it instead.", { reason: "tourEngineJoin" });
    notOver(t);
    const now = this.d.clock.now();
    const row = await this.d.db.tournamentPlayer.findUnique({ where: { tournamentId_playerId: { tournamentId: id, playerId: me.id } } });
    if (row) {
      if (row.status === "waiting" || row.status === "playing") return;
      // Back from a pause or a withdrawal: paired again after a wait that grows with each pause.
      const pausedUntil = new Date(now + Math.min(PAUSE_MAX_MS, PAUSE_STEP_MS * row.pauses));
      await this.d.db.tournamentPlayer.updateMany({
        where: { tournamentId: id, playerId: me.id, status: row.status },
        data: { status: "waiting", pausedUntil },
      });
      await this.leaveOtherArenas(me.id, t);
      return;
    }
    const count = await this.d.db.tournamentPlayer.count({ where: { tournamentId: id } });
    if (count >= t.maxPlayers) fail("LIMIT", `This event is full (${t.maxPlayers} players).`, { reason: "tourFull", params: { max: t.maxPlayers } });
    const pool = ratingPoolOf({ rule: t.rule as "freestyle", size: t.size, clock: { initialMs: t.initialMs, incrementMs: t.incrementMs } });
    const rating = Math.round((await ratingsIn(this.d.db, pool, [me.id])).get(me.id)!.rating);
    await this.d.db.tournamentPlayer
      .create({ data: { tournamentId: id, playerId: me.id, name: me.name, rating, status: "waiting", joinedAt: new Date(now) } })
      .catch(async (err: unknown) => {
        // Two joins at once: the second finds the row.
        if (!(await this.d.db.tournamentPlayer.findUnique({ where: { tournamentId_playerId: { tournamentId: id, playerId: me.id } } }))) throw err;
      });
    await this.leaveOtherArenas(me.id, t);
  }

  /**
   * One event at a time, as lila withdraws a player from the other arenas when they join one: in two arenas at once
   * the directors paired them into two games at the same time (h3's trial), one of them lost to the clock. Only
   * on joining an event under way, and only arenas under way are left (lila's: those that have started): signing
   * up for a later event does not take you out of the one you are playing. Their rows there are paused (not counted
   * as a pause of theirs: no wait when they come back); a game under way there is played and scored.
   */
  private async leaveOtherArenas(playerId: string, joined: TournamentRow): Promise<void> {
    if (joined.status !== "started") return;
    const where = {
      playerId,
      tournamentId: { not: joined.id },
      status: { in: ["waiting", "playing"] },
      tournament: { kind: "arena", status: "started" },
    };
    const others = await this.d.db.tournamentPlayer.findMany({ where, select: { tournamentId: true } });
    if (!others.length) return;
    await this.d.db.tournamentPlayer.updateMany({ where, data: { status: "paused" } });
    for (const o of others) this.d.changed?.(o.tournamentId);
  }

  /** Out for good: no more pairings (a game under way is played and scored). */
  async withdraw(who: Me | null, id: string): Promise<void> {
    const me = signedIn(who);
    const t = await this.event(id);
    if (t.kind === "engine") fail("NOT_ALLOWED", "An engine tournament is played by its AI configurations: watch it instead.", { reason: "tourEngineJoin" });
    notOver(t);
    const { count } = await this.d.db.tournamentPlayer.updateMany({ where: { tournamentId: id, playerId: me.id }, data: { status: "withdrawn" } });
    if (!count) fail("NOT_FOUND", "You have not joined this event.", { reason: "tourNotJoined" });
  }

  /** Arena: not paired until you join again; only between games (a pause does not end a game). */
  async pause(who: Me | null, id: string): Promise<void> {
    const me = signedIn(who);
    const t = await this.event(id);
    if (t.kind !== "arena") fail("NOT_ALLOWED", "Only an arena can be paused: withdraw from a Swiss event instead.", { reason: "tourPauseSwiss" });
    notOver(t);
    const row = await this.d.db.tournamentPlayer.findUnique({ where: { tournamentId_playerId: { tournamentId: id, playerId: me.id } } });
    if (!row) fail("NOT_FOUND", "You have not joined this event.", { reason: "tourNotJoined" });
    if (row!.status === "playing") fail("NOT_ALLOWED", "Finish your game first: a pause starts between games.", { reason: "tourPauseInGame" });
    if (row!.status !== "waiting") return;
    await this.d.db.tournamentPlayer.updateMany({
      where: { tournamentId: id, playerId: me.id, status: "waiting" },
      data: { status: "paused", pauses: { increment: 1 } },
    });
  }

  /**
   * An arena or Swiss game ended without a start because of `playerId` (their first-move window passed, or they aborted
   * it: the game service's "aborted" event names them): they are paused (a Swiss: withdrawn), as lila withdraws a player who did not move, so
   * an absent player is not paired again and again, each time costing an opponent the window. Join again to play on.
   * Whichever comes first, this or the director's scoring of that game: both leave them paused.
   */
  async noShow(gameId: string, playerId: string): Promise<boolean> {
    const p = await this.d.db.tournamentPairing.findFirst({ where: { gameId }, select: { tournamentId: true } });
    if (!p) return false;
    const t = await this.d.db.tournament.findUnique({ where: { id: p.tournamentId }, select: { kind: true, status: true } });
    if ((t?.kind !== "arena" && t?.kind !== "swiss") || t.status !== "started") return false;
    // A Swiss event has no pause: the absent player is withdrawn (lila's Swiss does the same), or every later
    // round would pair them again and cost another opponent the game (h3's trial). Joining again undoes either.
    const { count } = await this.d.db.tournamentPlayer.updateMany({
      where: { tournamentId: p.tournamentId, playerId, status: { in: ["playing", "waiting"] } },
      data: t.kind === "arena" ? { status: "paused", pauses: { increment: 1 } } : { status: "withdrawn" },
    });
    return count > 0;
  }

  /** Arena: half your clock for a point more on a win; only before your first move of the game. */
  async berserk(who: Me | null, id: string): Promise<{ gameId: string }> {
    const me = signedIn(who);
    const t = await this.event(id);
    if (t.kind !== "arena") fail("NOT_ALLOWED", "Berserk is an arena's: a Swiss event has none.", { reason: "tourBerserkSwiss" });
    const p = await this.d.db.tournamentPairing.findFirst({ where: { tournamentId: id, status: "playing", OR: [{ blackId: me.id }, { whiteId: me.id }] } });
    if (!p?.gameId) fail("NOT_FOUND", "You have no game under way in this event.", { reason: "tourNoGame" });
    // The game decides (under its lock, and in its row): its clock halved, or WRONG_PHASE after a move.
    const color = await this.d.games.berserk(p!.gameId!, me.id);
    await this.d.db.tournamentPairing.updateMany({
      where: { id: p!.id, status: "playing" },
      data: color === 1 ? { berserkBlack: true } : { berserkWhite: true },
    });
    return { gameId: p!.gameId! };
  }

  private async event(id: string): Promise<TournamentRow> {
    const t = await this.d.db.tournament.findUnique({ where: { id } });
    return t ?? fail("NOT_FOUND", "There is no such event.");
  }
}
