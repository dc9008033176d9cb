// Match statistics: score with a 95% margin (normal approximation over the per-game scores
// 1, ½, 0) and the Elo difference it implies.

export interface Tally {
  wins: number;
  draws: number;
  losses: number;
}

export interface MatchStats extends Tally {
  games: number;
  /** Points per game, 0..1, from the first player's side. */
  score: number;
  /** Half-width of the 95% interval of score. */
  margin: number;
  elo: number;
  /** Half-width of the 95% interval of elo (Infinity when the interval reaches 0 % or 100 %). */
  eloMargin: number;
}

const Z95 = 1.959964;

/** Elo difference for an expected score s (±Infinity at 0 and 1). */
export function eloFromScore(s: number): number {
  if (s <= 0) return -Infinity;
  if (s >= 1) return Infinity;
  return -400 * Math.log10(1 / s - 1);
}

export function matchStats(t: Tally): MatchStats {
  const games = t.wins + t.draws + t.losses;
  if (games === 0) return { ...t, games, score: 0.5, margin: 0.5, elo: 0, eloMargin: Infinity };
  const score = (t.wins + t.draws / 2) / games;
  const variance = (t.wins * (1 - score) ** 2 + t.draws * (0.5 - score) ** 2 + t.losses * score ** 2) / games;
  const margin = Z95 * Math.sqrt(variance / games);
  const elo = eloFromScore(score);
  const lo = eloFromScore(score - margin);
  const hi = eloFromScore(score + margin);
  const eloMargin = Number.isFinite(lo) && Number.isFinite(hi) ? (hi - lo) / 2 : Infinity;
  return { ...t, games, score, margin, elo, eloMargin };
}

const signed = (n: number) => (n === Infinity ? "+inf" : n === -Infinity ? "-inf" : `${n >= 0 ? "+" : ""}${Math.round(n)}`);

/** "score 62.5% ± 12.3%, Elo +89 ± 95" */
export function formatStats(s: MatchStats): string {
  const elo = s.eloMargin === Infinity ? `${signed(s.elo)} (margin unbounded)` : `${signed(s.elo)} ± ${Math.round(s.eloMargin)}`;
  return `+${s.wins} =${s.draws} -${s.losses}  score ${(s.score * 100).toFixed(1)}% ± ${(s.margin * 100).toFixed(1)}% (95%)  Elo ${elo}`;
}
