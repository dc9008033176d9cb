// Correspondence games (days per move, no clock): the deadline of the move due is the turn's start
// plus the days, kept in the game's row with who must move (corrDeadline, corrToMoveId) so that any
// node, after any restart, finds the overdue games with one indexed query (lib/server/correspondence).
import { DAY_MS } from "../../shared/correspondence";
import type { Db } from "../db/client";
import { turnStartedAt } from "./clock";
import { actingSeatOf, type Entry } from "./entry";

export interface CorrTurnEvent {
  gameId: string;
  /** Who is to move now. */
  playerId: string;
  deadline: number;
  /** The name of who just moved. */
  opponent: string | null;
}

/** When `e`'s move due must be made (ms), or null: no correspondence game, or over. */
export function corrDeadlineOf(e: Entry): number | null {
  if (!e.corrDays || e.status !== "playing") return null;
  return turnStartedAt(e) + e.corrDays * DAY_MS;
}

/** The row's columns for the turn now: its deadline and whose it is. */
export function corrColumnsOf(e: Entry): { corrDeadline: Date | null; corrToMoveId: string | null } {
  const at = corrDeadlineOf(e);
  return at === null ? { corrDeadline: null, corrToMoveId: null } : { corrDeadline: new Date(at), corrToMoveId: e.players[actingSeatOf(e)] };
}

/** Writes the turn's deadline and mover after a move (only while the game plays: a finished game keeps its end). */
export async function writeCorrTurn(db: Db, e: Entry): Promise<ReturnType<typeof corrColumnsOf>> {
  const columns = corrColumnsOf(e);
  await db.game.updateMany({ where: { id: e.id, status: "playing" }, data: columns });
  return columns;
}

/** The overdue correspondence games' ids at `now`, oldest deadline first (bounded: the sweeper comes back). */
export async function overdueGames(db: Db, now: number, max = 100): Promise<string[]> {
  const rows = await db.game.findMany({
    where: { status: "playing", corrDeadline: { lte: new Date(now) } },
    orderBy: { corrDeadline: "asc" },
    take: max,
    select: { id: true },
  });
  return rows.map((r) => r.id);
}
