// Reports (issue 28): a player reports another about one game (a reason and a short note), stored
// for the operator's page (/mod). Bounded: one report per reporter, player and game, and at most
// REPORTS_PER_DAY a day from one reporter; the reported player must have played or chatted in the
// game, so a report cannot name anyone at random.
import type { Db } from "../db/client";
import { fail } from "../errors";
import { isUniqueViolation } from "../db/client";
import { newGameId } from "../tokens";
import type { ReportReason } from "../../shared/protocol/chat";
import { playerByName } from "./players";

/** Reports one player may file in 24 hours. */
export const REPORTS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60_000;
/** The operator's page lists this many reports at most (newest first). */
export const REPORTS_LISTED = 200;

export interface ReportInput {
  gameId: string;
  name: string;
  reason: ReportReason;
  note: string;
}

/** Files `reporterId`'s report; the reported player's name as stored. */
export async function fileReport(db: Db, reporterId: string, input: ReportInput, now: number): Promise<{ id: string; name: string }> {
  const target = await playerByName(db, input.name);
  if (target.id === reporterId) fail("NOT_ALLOWED", "You cannot report yourself.", { reason: "reportSelf" });
  const game = await db.game.findUnique({ where: { id: input.gameId }, select: { blackPlayerId: true, whitePlayerId: true } });
  // Not a game: a tournament's chat (lib/server/chat/tournament) reports with the event's id.
  const event = game ? null : await db.tournament.findUnique({ where: { id: input.gameId }, select: { id: true } });
  if (!game && !event) fail("NOT_FOUND", "There is no such game.", { reason: "reportNoGame" });
  const played = game
    ? game.blackPlayerId === target.id || game.whitePlayerId === target.id
    : (await db.tournamentPlayer.findUnique({
        where: { tournamentId_playerId: { tournamentId: input.gameId, playerId: target.id } },
        select: { playerId: true },
      })) !== null;
  if (!played && !(await db.chatMessage.findFirst({ where: { gameId: input.gameId, playerId: target.id }, select: { id: true } })))
    fail("NOT_FOUND", `${target.name} neither played nor chatted in that ${game ? "game" : "tournament"}.`, {
      reason: game ? "reportNotInGame" : "reportNotInEvent",
      params: { name: target.name },
    });
  const recent = await db.report.count({ where: { reporterId, createdAt: { gt: new Date(now - DAY_MS) } } });
  if (recent >= REPORTS_PER_DAY)
    fail("LIMIT", `You have filed ${recent} reports in the last 24 hours, the most you may: the operator reads them first.`, {
      reason: "reportsDay",
      params: { n: recent },
    });
  const id = newGameId();
  try {
    await db.report.create({ data: { id, reporterId, targetId: target.id, gameId: input.gameId, reason: input.reason, note: input.note.trim() } });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    fail("LIMIT", `You have reported ${target.name} for this game already.`, { reason: "reportedAlready", params: { name: target.name } });
  }
  return { id, name: target.name };
}

/** A report as the operator's page shows it: names, the game, and the reported player's messages in it. */
export interface ReportView {
  id: string;
  reporter: string;
  target: string;
  gameId: string;
  /** Where `gameId` points: a game (its replay) or a tournament (its page, where its chat is). */
  place: "game" | "tournament";
  reason: string;
  note: string;
  status: string;
  at: string;
  /** The reported player's chat in that game (both channels), oldest first. */
  messages: Array<{ channel: string; text: string; at: string }>;
  /** Until when the reported player is muted site-wide (ISO), or null. */
  mutedUntil: string | null;
}

export async function listReports(db: Db, status: "open" | "closed", now: number): Promise<ReportView[]> {
  const rows = await db.report.findMany({ where: { status }, orderBy: { createdAt: "desc" }, take: REPORTS_LISTED });
  const ids = [...new Set(rows.flatMap((r) => [r.reporterId, r.targetId]))];
  const [players, mutes, events] = await Promise.all([
    db.player.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }),
    db.chatMute.findMany({ where: { playerId: { in: ids }, until: { gt: new Date(now) } } }),
    db.tournament.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.gameId))] } }, select: { id: true } }),
  ]);
  const eventIds = new Set(events.map((e) => e.id));
  const nameOf = new Map(players.map((p) => [p.id, p.name]));
  const muteOf = new Map(mutes.map((m) => [m.playerId, m.until.toISOString()]));
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      reporter: nameOf.get(r.reporterId) ?? "?",
      target: nameOf.get(r.targetId) ?? "?",
      gameId: r.gameId,
      place: eventIds.has(r.gameId) ? ("tournament" as const) : ("game" as const),
      reason: r.reason,
      note: r.note,
      status: r.status,
      at: r.createdAt.toISOString(),
      messages: (await db.chatMessage.findMany({ where: { gameId: r.gameId, playerId: r.targetId }, orderBy: { createdAt: "asc" }, take: 50 })).map((m) => ({
        channel: m.channel,
        text: m.text,
        at: m.createdAt.toISOString(),
      })),
      mutedUntil: muteOf.get(r.targetId) ?? null,
    })),
  );
}

/** Closes report `id` (the operator dealt with it). */
export async function closeReport(db: Db, id: string, now: number): Promise<void> {
  const { count } = await db.report.updateMany({ where: { id, status: "open" }, data: { status: "closed", closedAt: new Date(now) } });
  if (count !== 1) fail("NOT_FOUND", "There is no open report with that id.");
}
