// A player's standing row computed from the event's pairings, pure: the director writes it after
// every scored game, and a recount of the whole event (recountEvent) gives the same rows, so the
// standings can always be checked against the games.
import { arenaTotal, performance, type ArenaGame, type Outcome } from "./arena-score";
import { pointsOf, swissStandings, type SwissGame } from "./swiss-score";
import type { PairingRow } from "./deps";

export interface Standing {
  score: number;
  fire: boolean;
  games: number;
  wins: number;
  draws: number;
  blacks: number;
  whites: number;
  byes: number;
  perf: number;
  buchholz: number;
  sonneborn: number;
  lastOpponent: string | null;
}

type Pairing = Pick<PairingRow, "blackId" | "whiteId" | "status" | "result" | "berserkBlack" | "berserkWhite" | "plies" | "createdAt" | "id">;

export function outcomeFor(p: Pairing, id: string): Outcome {
  if (p.result === "draw") return "draw";
  if (p.result === "black" || p.result === "white") return (p.result === "black") === (p.blackId === id) ? "win" : "loss";
  return "none";
}

const inOrder = (ps: readonly Pairing[]) => [...ps].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));

/** Arena: the player's points game by game (also what each pairing stores), and their row. */
export function arenaStanding(id: string, pairings: readonly Pairing[], ratingOf: (id: string) => number): { standing: Standing; points: Map<string, number> } {
  const mine = inOrder(pairings.filter((p) => p.status === "done" && (p.blackId === id || p.whiteId === id)));
  const games: ArenaGame[] = mine.map((p) => {
    const black = p.blackId === id;
    return { outcome: outcomeFor(p, id), berserk: black ? p.berserkBlack : p.berserkWhite, ownMoves: black ? Math.ceil(p.plies / 2) : Math.floor(p.plies / 2) };
  });
  const total = arenaTotal(games);
  const played = mine.filter((p) => outcomeFor(p, id) !== "none");
  const opp = (p: Pairing) => (p.blackId === id ? p.whiteId : p.blackId) ?? "";
  return {
    standing: {
      score: total.total,
      fire: total.fire,
      games: played.length,
      wins: played.filter((p) => outcomeFor(p, id) === "win").length,
      draws: played.filter((p) => outcomeFor(p, id) === "draw").length,
      blacks: mine.filter((p) => p.blackId === id && p.whiteId).length,
      whites: mine.filter((p) => p.whiteId === id).length,
      byes: 0,
      perf: performance(played.map((p) => ({ opponentRating: ratingOf(opp(p)), outcome: outcomeFor(p, id) }))),
      buchholz: 0,
      sonneborn: 0,
      lastOpponent: mine.length ? opp(mine[mine.length - 1]) || null : null,
    },
    points: new Map(mine.map((p, i) => [p.id, total.points[i]])),
  };
}

export const swissGameOf = (p: Pairing): SwissGame => ({
  black: p.blackId,
  white: p.whiteId,
  result: p.whiteId === null ? "bye" : ((p.result ?? "none") as SwissGame["result"]),
});

/** Swiss: every player's row (tie-breaks need everyone's scores). */
export function swissStandingsOf(ids: readonly string[], pairings: readonly Pairing[]): Map<string, Standing> {
  const done = inOrder(pairings.filter((p) => p.status === "done"));
  const games = done.map(swissGameOf);
  const tb = new Map(swissStandings(ids, games).map((s) => [s.id, s]));
  const out = new Map<string, Standing>();
  for (const id of ids) {
    const mine = done.filter((p) => p.blackId === id || p.whiteId === id);
    const played = mine.filter((p) => p.whiteId !== null && outcomeFor(p, id) !== "none");
    const last = mine.filter((p) => p.whiteId !== null).at(-1);
    out.set(id, {
      score: tb.get(id)!.score,
      fire: false,
      games: played.length,
      wins: played.filter((p) => outcomeFor(p, id) === "win").length,
      draws: played.filter((p) => outcomeFor(p, id) === "draw").length,
      blacks: mine.filter((p) => p.blackId === id && p.whiteId !== null).length,
      whites: mine.filter((p) => p.whiteId === id).length,
      byes: mine.filter((p) => p.whiteId === null).length,
      perf: 0,
      buchholz: tb.get(id)!.buchholz,
      sonneborn: tb.get(id)!.sonneborn,
      lastOpponent: last ? (last.blackId === id ? last.whiteId : last.blackId) : null,
    });
  }
  return out;
}

/** The points a Swiss pairing gives each side. */
export const swissPoints = (p: Pairing): { black: number; white: number } => {
  const g = swissGameOf(p);
  return { black: pointsOf(g, p.blackId), white: p.whiteId ? pointsOf(g, p.whiteId) : 0 };
};
