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

/** Moves we expect still to play: a fifth of the empty cells, at least 10. */
export function estimatedRemainingMoves(emptyCells: number): number {
  return Math.max(10, Math.ceil(emptyCells * 0.2));
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
