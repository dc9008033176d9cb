// The browser's copy of an analysis: the view it read, updated by each broadcast (pure).
import type { AnalysisUpdate, AnalysisView, PlyAnalysis } from "./view";

/** `view` with `u` applied; "refetch" when a ply was missed (read the whole view again). */
export function applyUpdate(view: AnalysisView | null, u: AnalysisUpdate): AnalysisView | "refetch" {
  const plies = view?.plies ?? [];
  let next: PlyAnalysis[] = plies;
  if (u.ply) {
    if (u.ply.ply <= plies.length) next = plies.map((p) => (p.ply === u.ply!.ply ? u.ply! : p));
    else if (u.ply.ply === plies.length + 1) next = [...plies, u.ply];
    else return "refetch";
  } else if (u.done > plies.length && u.status !== "failed") return "refetch";
  const { ply: _ply, ...job } = u;
  return { ...job, plies: next };
}

/** The analysed ply `ply`, if any. */
export const plyOf = (view: AnalysisView | null, ply: number): PlyAnalysis | null =>
  view?.plies[ply - 1]?.ply === ply ? view.plies[ply - 1] : (view?.plies.find((p) => p.ply === ply) ?? null);
