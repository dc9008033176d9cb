import type { Score } from "./types";

/** The same score seen by the other player (one ply earlier or later keeps the same plies count). */
export function negateScore(s: Score): Score {
  if (s.kind === "eval") return { kind: "eval", value: -s.value };
  return s.kind === "win" ? { kind: "loss", plies: s.plies } : { kind: "win", plies: s.plies };
}

/** For people: "+35", "-120", "win in 3", "loss in 4". */
export function formatScore(s: Score): string {
  if (s.kind === "win") return `win in ${s.plies}`;
  if (s.kind === "loss") return `loss in ${s.plies}`;
  return s.value > 0 ? `+${s.value}` : String(s.value);
}

/** A number for ordering and graphs: forced results beyond every evaluation, quicker ones further. */
export function scoreRank(s: Score): number {
  if (s.kind === "win") return 1_000_000 - s.plies;
  if (s.kind === "loss") return -1_000_000 + s.plies;
  return s.value;
}
