// The game of an accepted challenge, from its stored terms: the lobby's open challenges and the
// challenges by name start their games the same way. Colours as asked (random drawn here); asked for
// as rated, it is rated in its pool unless lib/server/ratings/eligibility says casual (told at the start).
import type { Db } from "../db/client";
import { ratedEligibility } from "../ratings/eligibility";
import { ratingsIn, seatRatings } from "../ratings/read";
import { ratingPoolOf } from "../../shared/pools";
import { corrPoolOf } from "../../shared/correspondence";
import type { ClockSettings } from "../../shared/protocol";
import type { Rule } from "../../../engine";
import type { GameService } from "./service";

/** A challenge's terms as stored (the clock as JSON; corrDays for correspondence). */
export interface ChallengeTerms {
  size: number;
  rule: string;
  clock: string;
  corrDays: number | null;
  swap2: boolean;
  color: string;
  rated: boolean;
}

/** The rating pool of a rated challenge (null: casual, or a clock with no pool). */
export function challengePool(t: Pick<ChallengeTerms, "rated" | "rule" | "size" | "corrDays">, clock: ClockSettings | null): string | null {
  if (!t.rated) return null;
  if (t.corrDays) return corrPoolOf({ rule: t.rule as Rule, size: t.size });
  return clock ? ratingPoolOf({ rule: t.rule as Rule, size: t.size, clock }) : null;
}

/** Starts the game between the challenge's author and the player who accepted it; its id. */
export async function startChallengeGame(db: Db, games: GameService, t: ChallengeTerms, authorId: string, takerId: string): Promise<string> {
  const clock = JSON.parse(t.clock) as ClockSettings | null;
  const authorBlack = t.color === "black" || (t.color === "random" && Math.random() < 0.5);
  const [black, white] = authorBlack ? [authorId, takerId] : [takerId, authorId];
  const pool = challengePool(t, clock);
  const eligible = pool ? await ratedEligibility(db, { pool, black, white }) : null;
  const r = pool && eligible?.rated ? await ratingsIn(db, pool, [black, white]) : null;
  const { gameId } = await games.createMatched({
    size: t.size,
    rule: t.rule as Rule,
    clock: t.corrDays ? null : clock,
    black,
    white,
    rated: eligible?.rated ?? false,
    pool,
    ...(eligible && !eligible.rated ? { unrated: eligible.code } : {}),
    swap2: t.swap2,
    ...(t.corrDays ? { corrDays: t.corrDays } : {}),
    ...(r ? seatRatings(r, black, white) : {}),
  });
  return gameId;
}
