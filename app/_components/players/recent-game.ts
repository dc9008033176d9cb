// How a game reads on a player's page, from their side: its outcome word and whether it shows the
// "rated" mark. Pure, so it is tested without a browser.
import type { ProfileGame } from "@/lib/shared/players";

export type RecentOutcome = "won" | "lost" | "draw" | "aborted" | "none";

export function recentOutcome(g: Pick<ProfileGame, "color" | "result" | "reason">): RecentOutcome {
  if (g.reason === "abort") return "aborted";
  if (g.result === null) return "none";
  if (g.result === "draw") return "draw";
  return g.result === (g.color === 1 ? "black" : "white") ? "won" : "lost";
}

/** An aborted game changed no rating, so it never shows "rated", whatever the challenge asked for. */
export const showsRated = (g: Pick<ProfileGame, "rated" | "reason">): boolean => g.rated && g.reason !== "abort";
