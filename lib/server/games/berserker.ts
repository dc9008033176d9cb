// Berserk (an arena's, lib/server/tournaments): a player halves their own clock and gives up its
// increment, before their first own move of the game (lila's rule). Under the game's lock, checked
// against the game in memory and again in the row (a move another node took first wins).
import type { Color } from "../../../engine";
import { fail } from "../errors";
import type { ActionHost } from "./actions";
import { requirePlaying } from "./entry";
import type { BerserkClock } from "./clock";

/** Its own reason: the pages' generic WRONG_PHASE sentence is swap2's ("the opening is at another step"). */
const MOVED = { reason: "tourBerserkMoved" } as const;

export class Berserker {
  constructor(private readonly host: ActionHost) {}

  /** `playerId` goes berserk in `gameId`; returns their colour. Idempotent. */
  berserk(gameId: string, playerId: string): Promise<Color> {
    const h = this.host;
    return h.withLock(gameId, async () => {
      const e = await h.load(gameId);
      const color: Color | null = e.players[1] === playerId ? 1 : e.players[2] === playerId ? 2 : null;
      if (!color) return fail("NOT_YOUR_SEAT", "You do not play in this game.");
      requirePlaying(e);
      if (!e.clock) return fail("NOT_ALLOWED", "A game without a clock has no berserk.");
      const clock = e.clock as BerserkClock;
      if (clock.berserk?.includes(color)) return color;
      if (e.moves.some((m) => m.color === color)) return fail("WRONG_PHASE", "Berserk is only possible before your first move.", MOVED);
      const next: BerserkClock = { ...clock, berserk: [...(clock.berserk ?? []), color] };
      if (!(await h.store.setBerserkClock(gameId, next, color))) return fail("WRONG_PHASE", "Berserk is only possible before your first move.", MOVED);
      e.clock = next;
      h.emitState(e);
      h.afterChange(e);
      h.emit("changed", gameId);
      return color;
    });
  }
}
