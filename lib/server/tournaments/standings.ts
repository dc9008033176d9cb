// The order of the standings, pure: arena by points, performance, then who reached their score first;
// Swiss by points, Buchholz, Sonneborn–Berger, rating.
import type { EntrantRow, TournamentRow } from "./deps";

type Row = Pick<EntrantRow, "playerId" | "name" | "score" | "perf" | "buchholz" | "sonneborn" | "rating" | "scoredAt">;

const when = (r: Row) => r.scoredAt?.getTime() ?? Number.MAX_SAFE_INTEGER;

export function byStanding(kind: TournamentRow["kind"]): (a: Row, b: Row) => number {
  if (kind === "arena") return (a, b) => b.score - a.score || b.perf - a.perf || when(a) - when(b) || a.name.localeCompare(b.name);
  // Engine round robins: everyone meets everyone, so Buchholz says nothing; Sonneborn–Berger does.
  if (kind === "engine") return (a, b) => b.score - a.score || b.sonneborn - a.sonneborn || a.playerId.localeCompare(b.playerId);
  return (a, b) => b.score - a.score || b.buchholz - a.buchholz || b.sonneborn - a.sonneborn || b.rating - a.rating || a.name.localeCompare(b.name);
}

/** Rows in standing order with their rank (1-based). */
export function ranked<R extends Row>(kind: TournamentRow["kind"], rows: readonly R[]): Array<R & { place: number }> {
  return [...rows].sort(byStanding(kind)).map((r, i) => ({ ...r, place: i + 1 }));
}
