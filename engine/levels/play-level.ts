// One move at a level (./levels.ts): the level's search, then its choice (./choose.ts). The answer
// is think()'s Analysis with the chosen move, its score and line.
import { BRAIN_EXACT_ROOT, think } from "../search/think";
import type { Analysis, Limits, Position } from "../types";
import { chooseCandidate } from "./choose";
import { levelSetting } from "./levels";

export interface LevelLimits {
  /** The game's budget for this move (ms); the level may use less. */
  timeMs?: number;
  /** The random source of the choice (default Math.random); seeded in matches and tests. */
  random?: () => number;
}

export function playLevel(position: Position, level: number, limits: LevelLimits = {}): Analysis {
  const s = levelSetting(level);
  const random = limits.random ?? Math.random;
  // Some moves one ply deeper (drawn first, only at levels that have it: the others' draws stay as they were).
  const depth = s.maxDepth !== null && s.deeper !== undefined && random() < s.deeper ? s.maxDepth + 1 : s.maxDepth;
  const timeMs = s.timeMs === null ? limits.timeMs : Math.min(s.timeMs, limits.timeMs ?? s.timeMs);
  const search: Limits = { ...(timeMs !== undefined ? { timeMs } : {}), ...(depth !== null ? { maxDepth: depth } : {}) };
  // Exact scores for the candidates it draws from; one candidate: the brain's search (only the best exact).
  search.exactRootScores = s.candidates > 1 ? s.candidates : BRAIN_EXACT_ROOT;
  // The depth-capped levels search without forward pruning and with the linear evaluation, as when their Elo was measured (docs/LEVELS.md).
  const full = s.maxDepth === null;
  const r = think(position, search, { plain: s.plain, features: { pruning: full, patternEval: full } });
  const i = chooseCandidate(r.rootScores, s, random);
  if (i === 0 || !r.rootScores[i]) return r;
  // The candidates stay as the search scored them (best first: the heatmap, the "best was" note).
  const chosen = r.rootScores[i];
  return { ...r, move: chosen.move, score: chosen.score, pv: [chosen.move] };
}
