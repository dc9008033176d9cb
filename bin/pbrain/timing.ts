// How long to think for one move, from what the manager told us with INFO.

export interface TimeControl {
  /** ms per move; 0 = play as fast as possible. */
  timeoutTurn: number;
  /** ms for the whole match; 0 = no limit. */
  timeoutMatch: number;
  /** ms left of the match (meaningful only when timeoutMatch > 0). */
  timeLeft: number;
}

/** Gomocup's defaults when the manager says nothing. */
export const DEFAULT_TIME_CONTROL: TimeControl = { timeoutTurn: 30_000, timeoutMatch: 0, timeLeft: 2_147_483_647 };

/** Fixed safety margin: the time between our answer and the manager's clock reading it. */
export const SAFETY_MARGIN_MS = 30;
/** Budget used when timeout_turn is 0 ("as fast as possible"). */
export const FAST_MOVE_MS = 5;

/**
 * Moves we expect still to play: a tenth of the empty cells, at least 10 (a fifth left most of the
 * clock unused in games of 20–35 moves a side: docs/engine-log.md, step 6a).
 */
export function estimatedRemainingMoves(emptyCells: number): number {
  return Math.max(10, Math.ceil(emptyCells * 0.1));
}

/**
 * The think budget in ms: min(timeout_turn, time_left / max(10, remaining moves)), scaled by
 * timeScale, minus the safety margin and the protocol overhead we have measured. At least 1 ms.
 */
export function moveBudgetMs(tc: TimeControl, emptyCells: number, overheadMs = 0, timeScale = 1): number {
  if (tc.timeoutTurn <= 0) return FAST_MOVE_MS;
  let limit = tc.timeoutTurn;
  if (tc.timeoutMatch > 0) limit = Math.min(limit, Math.max(0, tc.timeLeft) / estimatedRemainingMoves(emptyCells));
  const hard = limit - SAFETY_MARGIN_MS - Math.max(0, overheadMs);
  const wanted = limit * timeScale;
  return Math.max(1, Math.floor(Math.min(wanted, hard)));
}

/**
 * The hard limit for one move under a match clock (time management: the search aims at
 * moveBudgetMs, the soft target, and may go on to this when its best move just changed or its
 * score fell): up to 3× the soft target, at most an eighth of the time left and never past
 * timeout_turn (minus the margins). Without a match clock it is moveBudgetMs itself.
 */
export function moveHardLimitMs(tc: TimeControl, emptyCells: number, overheadMs = 0, timeScale = 1): number {
  const soft = moveBudgetMs(tc, emptyCells, overheadMs, timeScale);
  if (tc.timeoutTurn <= 0 || tc.timeoutMatch <= 0) return soft;
  const margin = SAFETY_MARGIN_MS + Math.max(0, overheadMs);
  const turn = tc.timeoutTurn * timeScale - margin;
  const share = (Math.max(0, tc.timeLeft) / 8) * timeScale - margin;
  return Math.max(soft, Math.floor(Math.min(turn, share, 3 * soft)));
}
