// Swiss standings, pure: half points (a win 2, a draw 1, a loss 0, a bye 2), then Buchholz (the sum of
// the opponents' scores) and Sonneborn–Berger (the scores of the opponents beaten, plus half of those
// drawn with; ×4, in quarter points, so it stays an integer). A bye has no opponent: it adds to neither.
export interface SwissGame {
  black: string;
  /** null: a bye for `black`. */
  white: string | null;
  result: "black" | "white" | "draw" | "none" | "bye";
}

export interface SwissStanding {
  id: string;
  score: number;
  buchholz: number;
  /** Sonneborn–Berger in quarter points (×4: an integer). */
  sonneborn: number;
}

export const pointsOf = (g: SwissGame, id: string): number => {
  if (g.result === "bye") return g.black === id ? 2 : 0;
  if (g.result === "none") return 0;
  if (g.result === "draw") return 1;
  return (g.result === "black") === (g.black === id) ? 2 : 0;
};

export function swissStandings(ids: readonly string[], games: readonly SwissGame[]): SwissStanding[] {
  const score = new Map(ids.map((id) => [id, 0]));
  for (const g of games) for (const id of [g.black, g.white]) if (id !== null) score.set(id, (score.get(id) ?? 0) + pointsOf(g, id));
  const out = new Map(ids.map((id) => [id, { id, score: score.get(id) ?? 0, buchholz: 0, sonneborn: 0 }]));
  for (const g of games) {
    if (g.white === null || g.result === "bye") continue;
    for (const [me, opp] of [
      [g.black, g.white],
      [g.white, g.black],
    ] as const) {
      const row = out.get(me);
      if (!row) continue;
      const oppScore = score.get(opp) ?? 0;
      row.buchholz += oppScore;
      // Won: the opponent's whole score; drawn: half (×2 kept: 2× and 1×).
      row.sonneborn += pointsOf(g, me) * oppScore;
    }
  }
  return ids.map((id) => out.get(id)!);
}

/** Best first: score, Buchholz, Sonneborn–Berger, then rating. */
export const bySwissStanding = <T extends SwissStanding & { rating: number; name: string }>(a: T, b: T): number =>
  b.score - a.score || b.buchholz - a.buchholz || b.sonneborn - a.sonneborn || b.rating - a.rating || a.name.localeCompare(b.name);
