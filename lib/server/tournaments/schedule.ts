// The site's own events (lila's schedule, small): made lazily by the director, ahead of their start;
// each slot's key is unique in the rows, so two nodes cannot make the same event twice.
import { isUniqueViolation, type Db } from "../db/client";
import { newGameId } from "../tokens";
import { TOURNAMENT_LIMITS } from "../../shared/tournaments";

export interface ScheduledArena {
  key: string;
  name: string;
  size: number;
  rule: "freestyle" | "exact5" | "renju";
  initialMs: number;
  incrementMs: number;
  minutes: number;
  /** Starts every this many hours (UTC, from midnight). */
  everyHours: number;
}

export const SCHEDULE: readonly ScheduledArena[] = [
  {
    key: "hourly-freestyle-3+2",
    name: "Hourly freestyle arena",
    size: 15,
    rule: "freestyle",
    initialMs: 180_000,
    incrementMs: 2_000,
    minutes: 45,
    everyHours: 1,
  },
  { key: "renju-5+3", name: "Renju arena", size: 15, rule: "renju", initialMs: 300_000, incrementMs: 3_000, minutes: 60, everyHours: 4 },
  { key: "daily-19-10+5", name: "Daily 19×19 arena", size: 19, rule: "freestyle", initialMs: 600_000, incrementMs: 5_000, minutes: 120, everyHours: 24 },
];

/** Made this long before they start (they show as upcoming). */
export const AHEAD_MS = 60 * 60_000;
const HOUR = 3600_000;

/** The next start of `s` at or after `nowMs`. */
export const nextStart = (s: ScheduledArena, nowMs: number): number => Math.ceil(nowMs / (s.everyHours * HOUR)) * s.everyHours * HOUR;

/** Makes the scheduled events starting within AHEAD_MS that are not made yet; returns how many were made. */
export async function ensureScheduled(db: Db, nowMs: number): Promise<number> {
  const due = SCHEDULE.map((s) => ({ s, at: nextStart(s, nowMs) }))
    .filter((x) => x.at - nowMs <= AHEAD_MS)
    .map((x) => ({ ...x, scheduleKey: `${x.s.key}:${new Date(x.at).toISOString().slice(0, 13)}` }));
  if (!due.length) return 0;
  // One read: the slots already made are not tried again (a failed insert costs more than a read).
  const have = new Set(
    (await db.tournament.findMany({ where: { scheduleKey: { in: due.map((x) => x.scheduleKey) } }, select: { scheduleKey: true } })).map((r) => r.scheduleKey),
  );
  let made = 0;
  for (const { s, at, scheduleKey } of due) {
    if (have.has(scheduleKey)) continue;
    try {
      await db.tournament.create({
        data: {
          id: newGameId(),
          kind: "arena",
          name: s.name,
          size: s.size,
          rule: s.rule,
          initialMs: s.initialMs,
          incrementMs: s.incrementMs,
          status: "created",
          startsAt: new Date(at),
          minutes: s.minutes,
          endsAt: new Date(at + s.minutes * 60_000),
          maxPlayers: TOURNAMENT_LIMITS.maxPlayers,
          scheduleKey,
          createdAt: new Date(nowMs),
        },
      });
      made++;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  return made;
}
