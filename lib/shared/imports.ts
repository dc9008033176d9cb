// Storing imported games (/import → POST /api/import, lib/server/imports): the request as a zod
// schema, the answer as types, the limits. One file per request (the page sends a Gomocup archive's
// files one after another). Browser-safe: no Node APIs here.
import { z } from "./zod";
import type { ImportErrorCode, ImportErrorValues } from "./import-errors";
import { MAX_SIZE, MIN_SIZE } from "../../engine";
import { RuleSchema, type ErrorInfo } from "./protocol";

export const IMPORT_API = "/api/import";
/** The largest file, in bytes of UTF-8 (a 20×20 game is about 3 kB of PSQ). */
export const MAX_IMPORT_BYTES = 256 * 1024;
/** The most games stored from one file (an SGF file may hold a whole match). */
export const MAX_GAMES_PER_FILE = 200;

export const ImportRequestSchema = z.strictObject({
  /** The file's name, for the answer and the logs only. */
  fileName: z.string().max(200).default(""),
  text: z.string().min(1, "The file is empty."),
  /** Board and rule for a move string (files say their own size; a rule only when they carry one). */
  size: z.number().int().min(MIN_SIZE).max(MAX_SIZE).default(15),
  rule: RuleSchema.default("freestyle"),
  /** Which games of a file that holds several (1-based), or all of them. */
  games: z.union([z.literal("all"), z.array(z.number().int().min(1)).min(1).max(MAX_GAMES_PER_FILE)]).default("all"),
});
export type ImportRequest = z.input<typeof ImportRequestSchema>;

/** One stored game. */
export interface StoredImport {
  /** Its number in the file (1-based). */
  index: number;
  id: string;
  black: string;
  white: string;
  plies: number;
  size: number;
  result: "black" | "white" | "draw" | null;
  /** The importer had imported this game already: the id is that game's (no copy was made). */
  existing?: boolean;
}

/**
 * Refusals of a file's content say where (line and column in the file) and why: the parser's code and
 * values (lib/shared/import-errors), which the page words in the reader's language.
 */
export type ImportErrorInfo = ErrorInfo & { line?: number; column?: number; reason?: ImportErrorCode; params?: ImportErrorValues };
export type ImportAnswer = { ok: true; stored: StoredImport[] } | { ok: false; error: ImportErrorInfo };
