// Glicko-2 through the `glicko2` package (Glickman's algorithm; we do not re-derive it): one rated
// game is one rating period for both players, as lichess does. The package's players live in a
// ranking object; a fresh one per call keeps this pure (no state between games).
import { Glicko2 } from "glicko2";
import { DEFAULT_RATING } from "../../shared/pools";

export interface Glicko {
  rating: number;
  rd: number;
  vol: number;
}

/** The system constant τ (Glickman suggests 0.3–1.2; his worked example uses 0.5). */
export const TAU = 0.5;
/** Lichess's bounds: a deviation never grows past the start's nor falls below 45 (a rating stays able to move). */
const MIN_RD = 45;

const system = () => new Glicko2({ tau: TAU, rating: DEFAULT_RATING.rating, rd: DEFAULT_RATING.rd, vol: DEFAULT_RATING.vol });

/** `player` after one rating period of `games` (score 1 a win, 0.5 a draw, 0 a loss), unbounded (the paper's figures). */
export function ratePeriod(player: Glicko, games: Array<{ opponent: Glicko; score: number }>): Glicko {
  const g = system();
  const me = g.makePlayer(player.rating, player.rd, player.vol);
  const matches = games.map((x): [ReturnType<typeof g.makePlayer>, ReturnType<typeof g.makePlayer>, number] => [
    me,
    g.makePlayer(x.opponent.rating, x.opponent.rd, x.opponent.vol),
    x.score,
  ]);
  g.updateRatings(matches);
  return { rating: me.getRating(), rd: me.getRd(), vol: me.getVol() };
}

/** Both players after one game between them; `scoreA` is A's score (1, 0.5 or 0). */
export function rateGame(a: Glicko, b: Glicko, scoreA: 0 | 0.5 | 1): { a: Glicko; b: Glicko } {
  const bound = (p: Glicko): Glicko => ({ ...p, rd: Math.min(DEFAULT_RATING.rd, Math.max(MIN_RD, p.rd)) });
  return {
    a: bound(ratePeriod(a, [{ opponent: b, score: scoreA }])),
    b: bound(ratePeriod(b, [{ opponent: a, score: 1 - scoreA }])),
  };
}
