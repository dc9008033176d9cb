// The AI's levels 1–10: each a setting of the one engine (engine/search's think()), from a level a
// beginner beats to full strength. What makes a level weaker, in order of effect:
//   - depth: a depth cap, and on levels 1–4 no threat search (plain alpha-beta: a win by fours or
//     threes is not seen unless the depth reaches it); from level 5 the threat search, shallow;
//     level 2 searches a share of its moves one ply deeper (`deeper`);
//   - temperature: the move is drawn among the best candidates (exact scores) with weight
//     e^(−(best − score) / temperature), so a near-equal move is often played, a bad one rarely;
//   - blunders: with a probability that grows with how sharp the position is (the share of candidates
//     that lose a lot), a plausible move other than the best (./choose.ts).
// Elo figures (docs/LEVELS.md) come from matches between neighbouring levels (npm run levels:calibrate).

export interface LevelSetting {
  level: number;
  /** Depth cap (plies); null: no cap (level 10: the game's time decides). */
  maxDepth: number | null;
  /**
   * Share of moves searched one ply deeper than maxDepth (drawn per move); absent: none. Between two
   * depths: plain depth 2 → 3 alone is a step of ~350 Elo that temperature and blunders do not bridge.
   */
  deeper?: number;
  /** No threat search, no pruning or extensions: plain alpha-beta to maxDepth. */
  plain: boolean;
  /** Score units (engine evaluation) per e-fold of weight; 0: always the best move. */
  temperature: number;
  /** Blunder probability in the sharpest positions (every other candidate loses a lot); 0: none. */
  blunder: number;
  /** Candidates with exact scores to choose from (1: the best only). */
  candidates: number;
  /** Think time cap (ms) besides the game's own budget; null: the game's. */
  timeMs: number | null;
}

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 10;

export const LEVELS: readonly LevelSetting[] = [
  { level: 1, maxDepth: 2, plain: true, temperature: 2000, blunder: 0.6, candidates: 8, timeMs: 300 },
  { level: 2, maxDepth: 2, deeper: 0.15, plain: true, temperature: 2000, blunder: 0.6, candidates: 8, timeMs: 400 },
  { level: 3, maxDepth: 3, plain: true, temperature: 5000, blunder: 0.9, candidates: 8, timeMs: 400 },
  { level: 4, maxDepth: 3, plain: true, temperature: 400, blunder: 0.3, candidates: 8, timeMs: 500 },
  { level: 5, maxDepth: 2, plain: false, temperature: 2500, blunder: 0.7, candidates: 8, timeMs: 500 },
  { level: 6, maxDepth: 3, plain: false, temperature: 1000, blunder: 0.45, candidates: 8, timeMs: 500 },
  { level: 7, maxDepth: 4, plain: false, temperature: 600, blunder: 0.25, candidates: 6, timeMs: 700 },
  { level: 8, maxDepth: 5, plain: false, temperature: 300, blunder: 0.15, candidates: 4, timeMs: 1000 },
  { level: 9, maxDepth: 6, plain: false, temperature: 100, blunder: 0.05, candidates: 3, timeMs: null },
  { level: 10, maxDepth: null, plain: false, temperature: 0, blunder: 0, candidates: 1, timeMs: null },
];

export const isLevel = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= MIN_LEVEL && (n as number) <= MAX_LEVEL;

export function levelSetting(level: number): LevelSetting {
  if (!isLevel(level)) throw new RangeError(`level must be ${MIN_LEVEL}–${MAX_LEVEL}, not ${String(level)}`);
  return LEVELS[level - 1];
}
