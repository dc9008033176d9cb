// New games: one made by a person (against the AI, or waiting for an opponent), matched games
// between two known players (a challenge, a pairing; several in one insert), AI matches (the TV,
// the lab), and finished games read from files (imports).
import { labOpening, type Color } from "../../../engine";
import { importKeyOf } from "./import-key";
import type { EngineSettings, GameKind } from "../../shared/protocol";
import type { ActionHost } from "./actions";
import type { Actor, Entry } from "./entry";
import { fail } from "../errors";
import { importedEntry, importedSummary, type ImportedGameInput, type ImportedSummary } from "./imported";
import type { CreateAiMatchInput, CreateGameInput, MatchedGameInput } from "./inputs";
import { newEntry } from "./moves";
import type { GameStore } from "./store";
import { hashToken, newGameId, newSeatToken } from "../tokens";

const DEFAULT_ENGINE: EngineSettings = { algo: "alphabeta", timeMs: 1000 };

/** The names of the seats' players as the rows say them now. */
export async function namesFor(store: GameStore, players: Entry["players"]): Promise<Entry["names"]> {
  const names = await store.namesOf([players[1], players[2]]);
  return { 1: players[1] ? (names.get(players[1]) ?? null) : null, 2: players[2] ? (names.get(players[2]) ?? null) : null };
}

export class Creator {
  constructor(private readonly host: ActionHost) {}

  /** actor: who creates it (their identity holds the seat, besides the token). */
  async createGame(input: CreateGameInput, actor: Actor): Promise<{ gameId: string; seatToken: string; color: Color }> {
    const h = this.host;
    const color = input.color;
    const token = newSeatToken();
    const seats: Entry["seats"] =
      input.opponent === "ai"
        ? color === 1
          ? { 1: { kind: "human" }, 2: { kind: "engine", engine: input.ai ?? DEFAULT_ENGINE } }
          : { 1: { kind: "engine", engine: input.ai ?? DEFAULT_ENGINE }, 2: { kind: "human" } }
        : { 1: { kind: "human" }, 2: { kind: "human" } };
    const tokens: Entry["tokens"] = { 1: null, 2: null };
    tokens[color] = hashToken(token);
    const players: Entry["players"] = { 1: null, 2: null };
    players[color] = actor.playerId ?? null;
    const kind: GameKind = input.opponent === "ai" ? "hva" : "hvh";
    const e = await h.insertGame({
      kind,
      size: input.size,
      rule: input.rule,
      opening: input.labOpening && !input.swap2 ? labOpening(input.size) : [],
      // Swap2: seat 1 (the creator's when they chose black) places the first stones.
      ...(input.swap2 ? { swap2: {} } : {}),
      seats,
      tokens,
      players,
      names: await namesFor(h.store, players),
      clock: input.clock ?? null,
      status: kind === "hvh" ? "waiting" : "playing",
      ...(actor.address ? { aiOwner: `address:${actor.address}` } : {}),
    });
    h.afterChange(e);
    return { gameId: e.id, seatToken: token, color };
  }

  /** Several games between known players at once (a pairing pass): one read of the names, one multi-row insert. */
  async createMatchedMany(inputs: MatchedGameInput[]): Promise<string[]> {
    const h = this.host;
    for (const input of inputs) if (input.black === input.white) fail("NOT_ALLOWED", "A player cannot play themselves.");
    const unnamed = inputs.filter((i) => !i.names);
    const names = unnamed.length ? await h.store.namesOf(unnamed.flatMap((i) => [i.black, i.white])) : new Map<string, string>();
    const now = new Date(h.now());
    const entries = inputs.map((input) => {
      const e = newEntry(
        newGameId(),
        {
          kind: "hvh",
          size: input.size,
          rule: input.rule,
          opening: [],
          seats: { 1: { kind: "human" }, 2: { kind: "human" } },
          tokens: { 1: null, 2: null },
          players: { 1: input.black, 2: input.white },
          names: input.names ? { 1: input.names.black, 2: input.names.white } : { 1: names.get(input.black) ?? null, 2: names.get(input.white) ?? null },
          access: "reserved",
          rated: input.rated,
          pool: input.pool ?? null,
          ...(input.unrated ? { unrated: input.unrated } : {}),
          ratings: input.ratings ?? { 1: null, 2: null },
          clock: input.clock,
          ...(input.swap2 ? { swap2: {} } : {}),
          ...(input.corrDays ? { corrDays: input.corrDays } : {}),
          status: "playing",
        },
        now,
      );
      if (input.provisional) e.provisional = input.provisional;
      return e;
    });
    await h.store.insertMany(entries);
    for (const e of entries) {
      h.cache.remember(e);
      h.log.info({ gameId: e.id, kind: e.kind, size: e.size, rule: e.rule, rated: e.rated }, "game created");
      h.afterChange(e);
    }
    return entries.map((e) => e.id);
  }

  /** opts.idPrefix: put before the new game's id (the TV marks its games so: lib/server/tv/ids). */
  async createAiMatch(input: CreateAiMatchInput, opts: { idPrefix?: string }): Promise<{ gameId: string }> {
    const e = await this.host.insertGame(
      {
        kind: "ava",
        size: input.size,
        rule: input.rule,
        // Swap2: the engines place and choose the opening themselves (no stones given).
        opening: input.swap2 ? [] : input.opening ? input.opening.map((s) => ({ ...s })) : input.labOpening ? labOpening(input.size) : [],
        seats: { 1: { kind: "engine", engine: input.black }, 2: { kind: "engine", engine: input.white } },
        tokens: { 1: null, 2: null },
        clock: null,
        ...(input.swap2 ? { swap2: {} } : {}),
        status: "playing",
      },
      opts.idPrefix,
    );
    this.host.afterChange(e);
    return { gameId: e.id };
  }

  /**
   * Stores imported games (lib/server/imports, already validated) as finished ones, all or none;
   * `importerId`: whose page lists them (null: imported without a session). A game this importer
   * already imported (./import-key) is not stored again: its summary says `existing` and has the old id.
   */
  async importGames(games: ImportedGameInput[], importerId: string | null, retry = true): Promise<ImportedSummary[]> {
    const now = new Date();
    const keys = games.map((g) => importKeyOf(g, importerId));
    const idOfKey = await this.host.store.gamesByImportKey(keys);
    const fresh: Entry[] = [];
    const freshKeys: string[] = [];
    for (const [i, g] of games.entries()) {
      if (idOfKey.has(keys[i])) continue;
      const e = importedEntry(g, now);
      fresh.push(e);
      freshKeys.push(keys[i]);
      idOfKey.set(keys[i], e.id);
    }
    try {
      await this.host.store.insertFinished(fresh, importerId, freshKeys);
    } catch (err) {
      // The same file posted twice at once: the other request stored it first; point to its games.
      if (retry && (err as { code?: string }).code === "P2002") return this.importGames(games, importerId, false);
      throw err;
    }
    for (const e of fresh) this.host.log.info({ gameId: e.id, size: e.size, rule: e.rule, plies: e.moves.length }, "game imported");
    const byId = new Map(fresh.map((e) => [e.id, e]));
    const summaries: ImportedSummary[] = [];
    for (const k of keys) {
      const id = idOfKey.get(k)!;
      const made = byId.get(id);
      const old = made ? null : await this.host.store.read(id);
      summaries.push(made ? importedSummary(made) : { ...importedSummary(old!), existing: true });
    }
    return summaries;
  }
}
