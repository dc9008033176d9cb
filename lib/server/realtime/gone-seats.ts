// When each seat's last socket left a game's room, while it stays away: the state's goneSince, which
// the claims of a game left by a player read (lib/server/games/endings).
import type { Presence } from "../games/service";

/** A long-running node forgets the games left longest ago beyond this many. */
const MAX_GAMES = 10_000;

export class GoneSeats {
  private readonly gone = new Map<string, { 1?: number; 2?: number }>();

  /** The game's seats away and since when (a copy), or undefined: none. */
  of(gameId: string): Presence["goneSince"] | undefined {
    const g = this.gone.get(gameId);
    return g ? { ...g } : undefined;
  }

  /** A seat whose last socket just left is gone from now; one that came back is not. */
  note(gameId: string, before: Presence, after: Presence): void {
    for (const c of [1, 2] as const) {
      if (after.connected[c]) {
        const g = this.gone.get(gameId);
        if (g?.[c] !== undefined) {
          delete g[c];
          if (g[1] === undefined && g[2] === undefined) this.gone.delete(gameId);
        }
      } else if (before.connected[c]) {
        this.gone.set(gameId, { ...this.gone.get(gameId), [c]: Date.now() });
        // Oldest first.
        while (this.gone.size > MAX_GAMES) this.gone.delete(this.gone.keys().next().value as string);
      }
    }
  }
}
