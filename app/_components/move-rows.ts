// The move list's rows: (black, white) pairs numbered as the game counts them. After a swap2
// opening the first row is not move 1: white's 4th stone is in row 2, black's 5th in row 3.
export interface MoveRow<M> {
  n: number;
  black: M | null;
  white: M | null;
}

/** Rows of `moves` (after any opening shown apart); a row starting with white has no black move. */
export function moveRows<M extends { color: number; ply: number }>(moves: readonly M[]): MoveRow<M>[] {
  const rows: MoveRow<M>[] = [];
  const first = moves.length ? Math.ceil(moves[0].ply / 2) : 1;
  for (const m of moves) {
    const last = rows[rows.length - 1];
    if (m.color === 1 || !last || last.white !== null) rows.push({ n: first + rows.length, black: m.color === 1 ? m : null, white: m.color === 1 ? null : m });
    else last.white = m;
  }
  return rows;
}
