// Move confirmation on touch screens, pure: a first tap shows a ghost stone, a second tap on the same
// point plays it, a tap elsewhere moves the ghost. Off: every tap plays at once. (A mis-tap on a
// 17 px cell of a 20×20 board on a phone would otherwise be a lost game.)
/** A board point (x the column, y the row, 0-based), as engine/ has it. */
type Point = { x: number; y: number };

export interface TapResult {
  /** The ghost to show after the tap (null: none). */
  ghost: Point | null;
  /** The point to play now, if any. */
  play: Point | null;
}

export function tap(ghost: Point | null, at: Point, confirming: boolean): TapResult {
  if (!confirming) return { ghost: null, play: at };
  if (ghost && ghost.x === at.x && ghost.y === at.y) return { ghost: null, play: at };
  return { ghost: at, play: null };
}
