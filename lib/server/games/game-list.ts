// The game lists (live, the archive, a player's imports): one page of summaries and the count, as
// the rows say them (the service adds what it knows besides: TV games).
import type { Db } from "../db/client";
import type { GameEndReason, GameKind, GameResult, GameStatus, GameSummary } from "../../shared/protocol";
import { seatLabel } from "../../shared/labels";
import type { SeatDesc } from "./entry";
import { json } from "./game-rows";

/** Which page of the list to read (the summaries say what the rows say: the service adds what it knows besides). */
export interface ListQuery {
  status: "live" | "finished";
  kind?: GameKind;
  /** Only the games this player imported (a player id). */
  importedBy?: string;
  /** The archive's filters (issue 27): a player's games in either seat (a player id), result, rule, board, finished between two days. */
  playerId?: string;
  result?: "black" | "white" | "draw" | "unknown";
  rule?: string;
  size?: number;
  /** Finished at or after `from`, before `until` (the day after the last day asked). */
  from?: Date;
  until?: Date;
  page: number;
  pageSize: number;
  /** Live: only games created or moved since then. */
  liveSince: Date;
}

/** The archive's filters as columns besides the player's (each one indexed or read along the finish-time index: docs/SECURITY.md "Archive filters"). */
function archiveFilters(q: ListQuery) {
  return {
    ...(q.result ? { result: q.result === "unknown" ? null : q.result } : {}),
    ...(q.rule ? { rule: q.rule } : {}),
    ...(q.size ? { size: q.size } : {}),
    ...(q.from || q.until ? { finishedAt: { ...(q.from ? { gte: q.from } : {}), ...(q.until ? { lt: q.until } : {}) } } : {}),
  };
}

/** One page of the list and how many games match in all; `namesOf`: the players' names now (./store). */
export async function listGames(
  db: Db,
  q: ListQuery,
  namesOf: (ids: Array<string | null>) => Promise<Map<string, string>>,
): Promise<{ games: GameSummary[]; count: number }> {
  const recent = q.liveSince;
  const where = {
    // Waiting games are never listed: an invite is for whoever holds its link, a rematch for the
    // two players (open challenges have their own list: lib/server/lobby).
    status: q.status === "live" ? "playing" : "finished",
    ...(q.status === "live" ? { OR: [{ createdAt: { gte: recent } }, { moves: { some: { createdAt: { gte: recent } } } }] } : {}),
    // Aborted games (nobody played: lib/server/games/endings) are no part of the archive.
    // (With a player's filter: their games in either seat, as a second condition.)
    ...(q.status === "finished"
      ? {
          AND: [
            { OR: [{ reason: null }, { reason: { not: "abort" } }] },
            ...(q.playerId ? [{ OR: [{ blackPlayerId: q.playerId }, { whitePlayerId: q.playerId }] }] : []),
          ],
        }
      : {}),
    // Imported games (anyone may post a thousand an hour, with any names) only under their own filter
    // or their importer's: never in the archive's default view, where they could bury the games played here.
    ...(q.kind ? { kind: q.kind } : q.status === "finished" && !q.importedBy ? { kind: { not: "imported" } } : {}),
    ...(q.importedBy ? { importedById: q.importedBy } : {}),
    ...archiveFilters(q),
  };
  const [count, rows] = await Promise.all([
    db.game.count({ where }),
    db.game.findMany({
      where,
      orderBy: q.status === "live" ? [{ createdAt: "desc" }, { id: "asc" }] : [{ finishedAt: "desc" }, { id: "asc" }],
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
      include: { _count: { select: { moves: true } } },
    }),
  ]);
  const names = await namesOf(rows.flatMap((r) => [r.blackPlayerId, r.whitePlayerId]));
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  const games: GameSummary[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind as GameKind,
    size: r.size,
    rule: r.rule as GameSummary["rule"],
    status: r.status as GameStatus,
    result: r.result as GameResult | null,
    reason: r.reason as GameEndReason | null,
    plies: r._count.moves,
    black: nameOf(r.blackPlayerId) ?? seatLabel(json<SeatDesc>(r.black, { kind: "human" })),
    white: nameOf(r.whitePlayerId) ?? seatLabel(json<SeatDesc>(r.white, { kind: "human" })),
    blackName: nameOf(r.blackPlayerId),
    whiteName: nameOf(r.whitePlayerId),
    ...(r.rated ? { rated: true } : {}),
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  }));
  return { games, count };
}
