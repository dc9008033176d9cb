// Site-wide chat mutes (issue 28), set by the operator from /mod: a muted player's messages are
// refused with MUTED and a sentence saying until when. Stored, so every node and a restart agree.
import type { Db } from "../db/client";
import { fail } from "../errors";

/** The longest mute the operator may set: 30 days. */
export const MAX_MUTE_MINUTES = 30 * 24 * 60;

/** When `playerId`'s mute ends, or null when they are not muted at `now`. */
export async function mutedUntil(db: Db, playerId: string, now: number): Promise<Date | null> {
  const row = await db.chatMute.findUnique({ where: { playerId } });
  return row && row.until.getTime() > now ? row.until : null;
}

/** Refuses (MUTED) a message from a player muted at `now`. */
export async function refuseIfMuted(db: Db, playerId: string, now: number): Promise<void> {
  const until = await mutedUntil(db, playerId, now);
  if (until)
    fail("MUTED", `You are muted on this site until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC: your messages are not sent.`, {
      reason: "mutedUntil",
      params: { until: until.toISOString() },
    });
}

/** Mutes `playerId` for `minutes` from `now` (a new mute replaces the one standing). */
export async function mute(db: Db, playerId: string, minutes: number, reason: string, now: number): Promise<Date> {
  const until = new Date(now + minutes * 60_000);
  await db.chatMute.upsert({ where: { playerId }, create: { playerId, until, reason }, update: { until, reason } });
  return until;
}

export async function unmute(db: Db, playerId: string): Promise<void> {
  await db.chatMute.deleteMany({ where: { playerId } });
}
