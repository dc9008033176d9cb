// What the pages read: the lists (upcoming, running, finished), one event with its standings, top
// game, the viewer's entry and the podium, and a player's line for their page.
import type { Db } from "../db/client";
import {
  clockLabel,
  type EntrantStatus,
  type PlayerTournamentLine,
  type StandingRow,
  type TournamentKind,
  type TournamentStatus,
  type TournamentSummary,
  type TournamentView,
} from "../../shared/tournaments";
import type { TournamentRow } from "./deps";
import { ranked } from "./standings";
import { engineView } from "./engine";

const LIST_SIZE = 20;

/** The schedule entry of a scheduled event's key ("hourly-freestyle-3+2:2026-11-29T14" → "hourly-freestyle-3+2"). */
export const scheduleOf = (key: string | null): string | null => (key ? key.split(":")[0] : null);

function summaryOf(t: TournamentRow, players: number): TournamentSummary {
  return {
    id: t.id,
    kind: t.kind as TournamentKind,
    name: t.name,
    size: t.size,
    rule: t.rule,
    clock: clockLabel(t),
    status: t.status as TournamentStatus,
    startsAt: t.startsAt.toISOString(),
    endsAt: t.endsAt?.toISOString() ?? null,
    rounds: t.rounds,
    round: t.round,
    players,
    scheduled: t.createdById === null,
    schedule: scheduleOf(t.scheduleKey),
    cancelled: t.kind !== "engine" && t.status === "finished" && t.finishedAt !== null && t.finishedAt < t.startsAt,
  };
}

export async function listEvents(db: Db): Promise<{ upcoming: TournamentSummary[]; running: TournamentSummary[]; finished: TournamentSummary[] }> {
  const [upcoming, running, finished] = await Promise.all([
    db.tournament.findMany({ where: { status: "created" }, orderBy: { startsAt: "asc" }, take: LIST_SIZE }),
    db.tournament.findMany({ where: { status: "started" }, orderBy: { startsAt: "asc" }, take: LIST_SIZE }),
    db.tournament.findMany({ where: { status: "finished" }, orderBy: { finishedAt: "desc" }, take: LIST_SIZE }),
  ]);
  const all = [...upcoming, ...running, ...finished];
  const counts = new Map(
    (await db.tournamentPlayer.groupBy({ by: ["tournamentId"], where: { tournamentId: { in: all.map((t) => t.id) } }, _count: { _all: true } })).map((r) => [
      r.tournamentId,
      r._count._all,
    ]),
  );
  const sum = (t: TournamentRow) => summaryOf(t, counts.get(t.id) ?? 0);
  return { upcoming: upcoming.map(sum), running: running.map(sum), finished: finished.map(sum) };
}

export async function eventView(db: Db, id: string, viewerId: string | null): Promise<TournamentView | null> {
  const t = await db.tournament.findUnique({ where: { id } });
  if (!t) return null;
  const rows = await db.tournamentPlayer.findMany({ where: { tournamentId: id } });
  const standings: StandingRow[] = ranked(t.kind as TournamentKind, rows).map((r) => ({
    rank: r.rank ?? r.place,
    playerId: r.playerId,
    name: r.name,
    rating: r.rating,
    score: r.score,
    fire: r.fire,
    games: r.games,
    wins: r.wins,
    status: r.status as EntrantStatus,
    perf: r.perf,
    buchholz: r.buchholz,
    sonneborn: r.sonneborn,
  }));
  const place = new Map(standings.map((s) => [s.playerId, s.rank]));
  const name = new Map(standings.map((s) => [s.playerId, s.name]));
  const playing = await db.tournamentPairing.findMany({ where: { tournamentId: id, status: "playing" } });
  const engine =
    t.kind === "engine"
      ? engineView(
          t,
          rows,
          await db.tournamentPairing.findMany({ where: { tournamentId: id } }),
          standings.map((s) => s.playerId),
          viewerId,
        )
      : null;
  const best = [...playing].sort((a, b) => bestPlace(a, place) - bestPlace(b, place))[0];
  const mine = viewerId ? rows.find((r) => r.playerId === viewerId) : undefined;
  const myGame = viewerId ? playing.find((p) => p.blackId === viewerId || p.whiteId === viewerId) : undefined;
  const myColor = myGame ? (myGame.blackId === viewerId ? 1 : 2) : null;
  const moved = myGame?.gameId && myColor ? await db.move.count({ where: { gameId: myGame.gameId, color: myColor } }) : 0;
  const berserk = myGame ? (myColor === 1 ? myGame.berserkBlack : myGame.berserkWhite) : false;
  return {
    ...summaryOf(t, rows.length),
    standings,
    engine,
    topGame: best?.gameId ? { gameId: best.gameId, black: name.get(best.blackId) ?? "?", white: name.get(best.whiteId ?? "") ?? "?" } : null,
    me: mine
      ? {
          status: mine.status as EntrantStatus,
          gameId: myGame?.gameId ?? null,
          berserk,
          mayBerserk: t.kind === "arena" && !!myGame?.gameId && !moved && !berserk,
        }
      : null,
    // A place needs a game played: the lone entrant of a called-off Swiss (or of an arena nobody else joined) won nothing.
    podium: t.status === "finished" ? standings.filter((s) => s.rank <= 3 && s.games > 0) : [],
    mayCancel: t.kind !== "engine" && t.status === "created" && viewerId !== null && t.createdById === viewerId,
  };
}

const bestPlace = (p: { blackId: string; whiteId: string | null }, place: Map<string, number>) =>
  Math.min(place.get(p.blackId) ?? 1e9, place.get(p.whiteId ?? "") ?? 1e9);

/**
 * A player page's tournaments line: finished events they played a game in, won, on the podium. An event joined but
 * without a game does not count: else creating Swiss events that nobody else joins (each "won" at its start, alone)
 * would farm wins.
 */
export async function playerLine(db: Db, playerId: string): Promise<PlayerTournamentLine> {
  const rows = await db.tournamentPlayer.findMany({ where: { playerId, games: { gt: 0 }, tournament: { status: "finished" } }, select: { rank: true } });
  return { played: rows.length, won: rows.filter((r) => r.rank === 1).length, podiums: rows.filter((r) => r.rank !== null && r.rank <= 3).length };
}
