// "The game waits for you" (issue 28): my correspondence games where it is my move, the nearest
// deadline first, from the row's corrToMoveId (indexed: lib/server/games/correspondence writes it).
import type { Db } from "../db/client";
import type { CorrTurnView } from "../../shared/correspondence";
import type { Rule } from "../../../engine";
import { requireMe } from "./me";
import type { Me } from "../../shared/identity";

export const TURNS_MAX = 50;

export async function corrTurns(db: Db, me: Me | null): Promise<CorrTurnView[]> {
  const p = requireMe(me);
  const rows = await db.game.findMany({
    where: { corrToMoveId: p.id, status: "playing" },
    orderBy: { corrDeadline: "asc" },
    take: TURNS_MAX,
    select: { id: true, size: true, rule: true, corrDays: true, corrDeadline: true, blackPlayerId: true, whitePlayerId: true },
  });
  const opponentOf = (r: (typeof rows)[number]) => (r.blackPlayerId === p.id ? r.whitePlayerId : r.blackPlayerId);
  const ids = [...new Set(rows.map(opponentOf).filter((x): x is string => !!x))];
  const names = new Map((await db.player.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((n) => [n.id, n.name]));
  return rows.map((r) => ({
    gameId: r.id,
    opponent: names.get(opponentOf(r) ?? "") ?? null,
    size: r.size,
    rule: r.rule as Rule,
    days: r.corrDays ?? 0,
    deadline: (r.corrDeadline ?? new Date(0)).toISOString(),
  }));
}
