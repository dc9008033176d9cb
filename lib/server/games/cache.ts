// Games in memory: a per-game lock (every change of a game runs under it, one at a time), an LRU
// cache of Entries in front of the rows, and what other nodes tell us (a move to apply to our
// copy, or a change that makes it stale). Memory only caches: a game not here is read from its rows.
import { moveError } from "../../../engine";
import type { MoveRecord } from "../../shared/protocol";
import { fail } from "../errors";
import { toMoveOf, type Entry } from "./entry";

export interface GameCacheOptions {
  /** Most games kept (finished and idle ones are dropped first). */
  size: number;
  /** Reads a game from its rows (null: no such game). */
  read(id: string): Promise<Entry | null>;
  /** Something here is working on the game (a search, a clock timer): never drop it. */
  busy(id: string): boolean;
  /** Someone is in the game's room: keep it while it is in progress. */
  watched(id: string): boolean;
}

export class GameCache {
  private games = new Map<string, Entry>();
  private locks = new Map<string, Promise<void>>();
  /** Bumped when another node changed a game: a load that raced the change must not be cached. */
  private versions = new Map<string, number>();

  constructor(private readonly opts: GameCacheOptions) {}

  /** Runs `fn` once every earlier holder of game `id`'s lock is done. */
  withLock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(id) ?? Promise.resolve();
    const run = prev.then(fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.locks.set(id, tail);
    void tail.then(() => {
      if (this.locks.get(id) === tail) this.locks.delete(id);
    });
    return run;
  }

  /** Something holds or waits for game `id`'s lock. */
  locked(id: string): boolean {
    return this.locks.has(id);
  }

  /** Resolves when every lock held now is released. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.locks.values()]);
  }

  /** The game, from memory or its rows (NOT_FOUND if there is none). */
  async load(id: string): Promise<Entry> {
    const hit = this.games.get(id);
    if (hit) {
      // Most recently used last.
      this.games.delete(id);
      this.games.set(id, hit);
      return hit;
    }
    const version = this.versions.get(id) ?? 0;
    const e = await this.opts.read(id);
    if (!e) fail("NOT_FOUND", `There is no game ${id}.`);
    // Another load may have raced us while we awaited the database: keep the first.
    const raced = this.games.get(id);
    if (raced) return raced;
    // Another node changed the game while we read it: use this copy once, do not keep it.
    if ((this.versions.get(id) ?? 0) !== version) return e!;
    this.remember(e!);
    return e!;
  }

  /** The cached copy, if any, without touching its place in the LRU order. */
  peek(id: string): Entry | undefined {
    return this.games.get(id);
  }

  /** Keeps `e` (a new game, or one just read), dropping the least recently used idle games beyond the size. */
  remember(e: Entry): void {
    this.games.set(e.id, e);
    if (this.games.size <= this.opts.size) return;
    for (const [id, g] of this.games) {
      if (this.games.size <= this.opts.size) break;
      const busy = this.locks.has(id) || this.opts.busy(id);
      if (!busy && (g.status === "finished" || !this.opts.watched(id))) this.games.delete(id);
    }
  }

  /** The cached games with player `playerId` on a seat. */
  *withPlayer(playerId: string): Iterable<Entry> {
    for (const e of this.games.values()) if (e.players[1] === playerId || e.players[2] === playerId) yield e;
  }

  /** Our copy is stale (the rows changed under it): the next use reads the rows. */
  drop(id: string): void {
    this.games.delete(id);
  }

  /**
   * Another node committed `m`. If it is the next ply of our cached copy of a game in progress, and
   * nothing here is working on that game, the copy takes it and stays current (a game whose players
   * are on two nodes would otherwise reload from the rows before every move); anything else drops
   * the copy.
   */
  applyRemoteMove(gameId: string, m: MoveRecord): void {
    const e = this.games.get(gameId);
    const fits =
      e !== undefined &&
      e.status === "playing" &&
      !this.locks.has(gameId) &&
      e.moves.length === m.ply - 1 &&
      m.color === toMoveOf(e) &&
      moveError(e.size, e.cells, m) === null;
    if (!fits) return this.invalidate(gameId);
    const cells = e.cells.slice();
    cells[m.y * e.size + m.x] = m.color;
    e.cells = cells;
    e.moves.push(m);
  }

  /** Another node changed this game: forget the cached copy (the next use reloads it from the rows). */
  invalidate(gameId: string): void {
    if (this.versions.size > 50_000) this.versions.clear();
    this.versions.set(gameId, (this.versions.get(gameId) ?? 0) + 1);
    this.games.delete(gameId);
  }
}
