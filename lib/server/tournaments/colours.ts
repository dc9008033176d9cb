// Who takes black (black moves first), pure: the player who has had black less often (blacks −
// whites), then the one who had white last, then by the round: the higher ranked alternates.
export interface ColourHistory {
  id: string;
  blacks: number;
  whites: number;
  /** Their colour in their last game, if any. */
  last: "black" | "white" | null;
}

/** [black, white] of a pair (`a` the higher ranked); `round`: 1, 2, … (arena: any counter). */
export function coloursOf(a: ColourHistory, b: ColourHistory, round: number): [string, string] {
  const da = a.blacks - a.whites;
  const db = b.blacks - b.whites;
  if (da !== db) return da < db ? [a.id, b.id] : [b.id, a.id];
  if (a.last !== b.last) {
    if (a.last === "white" || b.last === "black") return [a.id, b.id];
    return [b.id, a.id];
  }
  return round % 2 === 1 ? [a.id, b.id] : [b.id, a.id];
}
