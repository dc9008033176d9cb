// A game read from a file (/import: lib/server/imports) as a finished game of kind "imported": the
// players' names from the file on its two seats (no tokens, no identities: nobody can move in it),
// the result from its final position (five in a row, a full board) or none (unknown).
import { replay, sideToMove, type Point, type Rule, type Stone } from "../../../engine";
import type { MoveRecord } from "../../shared/protocol";
import { cellsFor, type Entry } from "./entry";
import { newGameId } from "../tokens";
import type { Swap2Record } from "../../shared/swap2";

/** A game as the import parsers give it (lib/shared/replay/movetext ImportedGame), already validated. */
export interface ImportedGameInput {
  size: number;
  rule: Rule;
  opening: Stone[];
  moves: Array<Point & { timeMs: number }>;
  /** Black's and white's names as written in the file (cleaned here), or null. */
  names: [string, string] | null;
  /** A settled swap2 opening (its stones are the first 3 or 5 moves). */
  swap2?: Pick<Swap2Record, "first" | "second">;
  /** The day it was played ("YYYY-MM-DD", an SGF's DT): the game's date instead of the import's. */
  date?: string | null;
}

/** Longest name kept from a file. */
export const MAX_IMPORTED_NAME = 60;

/** A name from a file as shown: control characters and runs of spaces removed, cut to MAX_IMPORTED_NAME. Markup is kept as text (React escapes it). */
export function cleanImportedName(name: string | undefined, fallback: string): string {
  const s = (name ?? "")
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return (s || fallback).slice(0, MAX_IMPORTED_NAME);
}

/** What the importer is told of a stored game. */
export interface ImportedSummary {
  id: string;
  black: string;
  white: string;
  plies: number;
  size: number;
  result: Entry["result"];
  /** Already imported by this importer: this is the game stored then (no copy made). */
  existing?: boolean;
}

export function importedSummary(e: Entry): ImportedSummary {
  const name = (c: 1 | 2) => {
    const s = e.seats[c];
    return s.kind === "human" && s.name ? s.name : c === 1 ? "Black" : "White";
  };
  return { id: e.id, black: name(1), white: name(2), plies: e.moves.length, size: e.size, result: e.result };
}

/** The finished game's Entry (throws the engine's ReplayError if the moves were not validated). */
export function importedEntry(g: ImportedGameInput, now: Date): Entry {
  const first = sideToMove(g.opening);
  // The file's date, when it has one, is when the game was played (shown as its date); finishedAt stays
  // the import's time, so the archive still lists new imports first.
  const played = g.date && /^\d{4}-\d{2}-\d{2}$/.test(g.date) ? new Date(`${g.date}T00:00:00Z`) : null;
  const playedAt = played && !Number.isNaN(played.getTime()) && played.getTime() <= now.getTime() ? played : now;
  const { outcome } = replay(g.size, g.rule, g.opening, g.moves, first);
  const at = now.toISOString();
  const moves: MoveRecord[] = g.moves.map((m, i) => ({
    ply: i + 1,
    x: m.x,
    y: m.y,
    color: i % 2 === 0 ? first : first === 1 ? 2 : 1,
    by: "human",
    timeMs: Math.max(0, Math.min(Math.round(m.timeMs) || 0, 2_000_000_000)),
    at,
  }));
  const e: Entry = {
    id: newGameId(),
    kind: "imported",
    size: g.size,
    rule: g.rule,
    opening: g.opening.map((s) => ({ x: s.x, y: s.y, color: s.color })),
    seats: {
      1: { kind: "human", name: cleanImportedName(g.names?.[0], "Black") },
      2: { kind: "human", name: cleanImportedName(g.names?.[1], "White") },
    },
    tokens: { 1: null, 2: null },
    players: { 1: null, 2: null },
    names: { 1: null, 2: null },
    access: "reserved",
    rated: false,
    pool: null,
    ratings: { 1: null, 2: null },
    ratingDiffs: { 1: null, 2: null },
    drawOffer: null,
    clock: null,
    swap2: g.swap2 ? { ...g.swap2, at } : null,
    status: "finished",
    result: outcome.winner ? (outcome.winner === 1 ? "black" : "white") : outcome.full ? "draw" : null,
    reason: outcome.winner ? "five" : outcome.full ? "full" : null,
    winLine: outcome.line ?? null,
    rematchId: null,
    createdAt: playedAt,
    startedAt: playedAt,
    finishedAt: now,
    moves,
    cells: new Uint8Array(0),
  };
  e.cells = cellsFor(e);
  return e;
}
