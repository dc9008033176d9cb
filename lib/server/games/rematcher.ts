// Rematches: a new game with the same settings and colours swapped. Between people it is reserved
// for the two players and waits for the second, whose own rematch request takes the other seat; a
// rated game's rematch is decided rated again (lib/server/ratings/eligibility). AI matches swap
// the engines.
import { other, type Color } from "../../../engine";
import type { EngineSettings } from "../../shared/protocol";
import { ratedEligibility } from "../ratings/eligibility";
import { ratingsIn, seatRatings } from "../ratings/read";
import type { ActionHost } from "./actions";
import type { Creator } from "./creator";
import { requireSeat, type Actor, type Entry } from "./entry";
import { fail } from "../errors";
import type { SeatActionInput } from "./inputs";
import type { Seater } from "./seater";
import { hashToken, newSeatToken } from "../tokens";

/**
 * A game of an arena or Swiss event (lib/server/tournaments): its rematch would be a game outside the
 * event while the director pairs the same players again (and an unscored game between two of them).
 * The pages hide the button; this refuses the socket event itself, offer and accept alike.
 */
async function isEventGame(h: ActionHost, gameId: string): Promise<boolean> {
  return (await h.db.tournamentPairing.findUnique({ where: { gameId }, select: { id: true } })) !== null;
}

export class Rematcher {
  constructor(
    private readonly host: ActionHost,
    private readonly seater: Seater,
    private readonly creator: Creator,
  ) {}

  /**
   * A new game with the same settings and colours swapped. hvh: reserved for the two players (a
   * stranger who learns its id cannot sit in it); the second asker takes the other seat.
   */
  rematch(input: SeatActionInput, actor: Actor): Promise<{ gameId: string; seatToken: string; color: Color }> {
    const h = this.host;
    return h.withLock(input.gameId, async () => {
      const e = await h.load(input.gameId);
      const color = requireSeat(e, input.seatToken, actor);
      if (e.status !== "finished") fail("NOT_ALLOWED", "A rematch can start only once this game is over.");
      if (await isEventGame(h, e.id))
        fail("NOT_ALLOWED", "A tournament game has no rematch: the event pairs you with your next opponent.", { reason: "tourRematch" });
      const newColor = other(color);
      if (e.kind === "hvh" && e.rematchId) {
        const token = await this.joinRematch(e.rematchId, newColor, e.players[color]);
        if (token) return { gameId: e.rematchId, seatToken: token, color: newColor };
        fail("SEAT_TAKEN", "The rematch already has both players.");
      }
      const token = newSeatToken();
      const n = await this.insertRematch(e, newColor, hashToken(token));
      await h.store.setRematch(e.id, n.id);
      e.rematchId = n.id;
      h.emitState(e);
      h.afterChange(n);
      return { gameId: n.id, seatToken: token, color: newColor };
    });
  }

  /** The second asker: the other seat of the waiting rematch, if still free (its token), else null. */
  private joinRematch(rematchId: string, color: Color, playerId: string | null): Promise<string | null> {
    const h = this.host;
    return h.withLock(rematchId, async () => {
      const n = await h.load(rematchId);
      if (n.status !== "waiting" || n.tokens[color] !== null) return null;
      const t = newSeatToken();
      await this.seater.takeSeatLocked(n, color, t, { playerId });
      return t;
    });
  }

  /** The new game of finished `e`, colours swapped, the asker's seat (`color`) held by `tokenHash`. */
  private async insertRematch(e: Entry, color: Color, tokenHash: string): Promise<Entry> {
    const h = this.host;
    const tokens: Entry["tokens"] = { 1: null, 2: null };
    tokens[color] = tokenHash;
    // The seats go with their players: each keeps their identity in the new game, colours swapped.
    const players: Entry["players"] = { 1: e.players[2], 2: e.players[1] };
    // A rated rematch shows both ratings as they are now (after this game), as a challenge's does.
    const both = players[1] !== null && players[2] !== null ? ([players[1], players[2]] as const) : null;
    // Asked for as rated (this game was, or was asked to be): decided again (lib/server/ratings/eligibility).
    const pool = (e.rated || e.unrated) && both ? e.pool : null;
    const eligible = pool && both ? await ratedEligibility(h.db, { pool, black: both[0], white: both[1] }) : null;
    const seated = pool && both && eligible?.rated ? seatRatings(await ratingsIn(h.db, pool, [...both]), ...both) : null;
    const n = await h.insertGame({
      kind: e.kind,
      size: e.size,
      rule: e.rule,
      opening: e.opening,
      // Swap2: a fresh opening; the other player places first (their seat is black until the choice).
      ...(e.swap2 ? { swap2: {} } : {}),
      seats: { 1: e.seats[2], 2: e.seats[1] },
      tokens,
      players,
      names: { 1: e.names[2], 2: e.names[1] },
      access: e.kind === "hvh" ? "reserved" : null,
      rated: eligible?.rated ?? false,
      pool: e.pool,
      ...(eligible && !eligible.rated ? { unrated: eligible.code } : {}),
      ...(seated ? { ratings: seated.ratings } : {}),
      clock: e.clock,
      ...(e.corrDays ? { corrDays: e.corrDays } : {}),
      status: e.kind === "hvh" ? "waiting" : "playing",
    });
    if (seated) n.provisional = seated.provisional;
    return n;
  }

  /** AI-vs-AI (no seat tokens): a new match with the engines' colours swapped. */
  async rematchAiMatch(gameId: string): Promise<{ gameId: string }> {
    const e = await this.host.load(gameId);
    if (e.kind !== "ava" || e.seats[1].kind !== "engine" || e.seats[2].kind !== "engine") fail("NOT_ALLOWED", "Not an AI match.");
    return this.creator.createAiMatch(
      {
        size: e.size,
        rule: e.rule,
        opening: e.opening,
        swap2: Boolean(e.swap2),
        black: (e.seats[2] as { engine: EngineSettings }).engine,
        white: (e.seats[1] as { engine: EngineSettings }).engine,
      },
      {},
    );
  }
}
