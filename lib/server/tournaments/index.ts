// Tournaments (issue 30; docs/TOURNAMENTS.md): arenas and Swiss events. One Director per node
// (each event stepped only by the holder of its lease), the people's actions (Entrants), the HTTP
// routes. Built by the composition root (lib/server/app.ts).
import type { Identities } from "../identity/identities";
import type { Route } from "../http/router";
import type { TournamentDeps } from "./deps";
import { Director, SOON_MS, type DirectorOptions } from "./director";
import { Entrants } from "./entrants";
import { tournamentRoutes } from "./http";

export { Director, Entrants };

/** The notice a node sends when games ended there (over the adapter: serverSideEmit): the other directors look at once. */
export const GAME_ENDED = "gomoku:tournament-game-ended";
export { engineGameOnAir } from "./engine";
export type { TournamentDeps };

export class Tournaments {
  readonly entrants: Entrants;
  readonly director: Director;
  readonly routes: Route[];

  private readonly deps: TournamentDeps;

  constructor(deps: TournamentDeps, identities: Pick<Identities, "ofSession">, opts: DirectorOptions & { operatorToken?: string | null } = {}) {
    deps = { ...deps, changed: coalesced(deps) };
    this.deps = deps;
    this.entrants = new Entrants(deps);
    this.director = new Director(deps, opts);
    this.routes = tournamentRoutes({ db: deps.db, entrants: this.entrants, identities, deps, operatorToken: opts.operatorToken ?? null });
    // A game that ends here wakes the director (if this node directs its event, it scores and pairs at once).
    deps.games.on("state", (s) => {
      if (s.status === "finished") this.director.soon();
    });
    // An arena player who did not start their game is paused (./entrants noShow), on the node where the game ended.
    deps.games.on("aborted", (e) => {
      void this.entrants
        .noShow(e.gameId, e.playerId)
        .catch((err: unknown) => deps.log.warn({ err, gameId: e.gameId }, "could not pause a player who did not move"));
    });
  }

  start(): void {
    this.director.start();
  }

  /**
   * Several nodes (`io` with the Redis or IPC adapter): a game that ends on this node wakes the
   * directors of the others too (the node directing its event may be another), at most one notice
   * per SOON_MS; without it that director would score and pair it only at its next tick (up to TICK_MS).
   */
  wireCluster(io: { serverSideEmit(ev: string): unknown; on(ev: string, fn: () => void): unknown }): void {
    let pending = false;
    this.deps.games.on("state", (s) => {
      if (s.status !== "finished" || pending) return;
      pending = true;
      this.deps.clock
        .setTimeout(() => {
          pending = false;
          try {
            io.serverSideEmit(GAME_ENDED);
          } catch (err) {
            this.deps.log.warn({ err }, "could not wake the other nodes' tournament directors");
          }
        }, SOON_MS)
        .unref();
    });
    io.on(GAME_ENDED, () => this.director.soon());
  }

  close(): Promise<void> {
    return this.director.close();
  }
}

/** How long changes of one event are gathered into one notice (a busy arena scores many games a second). */
export const CHANGED_EVERY_MS = 300;

/** deps.changed at most once per CHANGED_EVERY_MS per event (the first change waits that long, later ones join it). */
function coalesced(deps: TournamentDeps): ((id: string) => void) | undefined {
  const notify = deps.changed?.bind(deps);
  if (!notify) return undefined;
  const pending = new Set<string>();
  return (id) => {
    if (pending.has(id)) return;
    pending.add(id);
    deps.clock
      .setTimeout(() => {
        pending.delete(id);
        notify(id);
      }, CHANGED_EVERY_MS)
      .unref();
  };
}
