// One import parse as it crosses into a worker thread (./parse-pool) and back: the task, its answer,
// and the function the worker runs. A refusal of the file (ImportError) travels as plain values and is
// rebuilt on the other side (an Error's own fields do not survive the thread boundary).
import type { MessagePort } from "node:worker_threads";
import type { Rule } from "../../../engine";
import { ImportError, type ImportErrorCode, type ImportErrorValues } from "../../shared/import-errors";
import { importGames, type ImportedGame } from "../../shared/replay/movetext";

export interface ParseTask {
  text: string;
  /** Board and rule for a move string (see importGames). */
  size: number;
  rule: Rule;
  /** Reading stops at the game after this many (SGF_TOO_MANY_GAMES). */
  maxGames: number;
  /** Told once the worker has the task: its time budget runs from then (not from the queue or a thread's start). */
  started?: MessagePort;
}

export interface ParseRefusal {
  line: number;
  column: number;
  code: ImportErrorCode;
  params: ImportErrorValues;
}

export type ParseAnswer = { ok: true; games: ImportedGame[] } | { ok: false; refusal: ParseRefusal };

export function runParseTask(task: ParseTask): ParseAnswer {
  task.started?.postMessage("started");
  task.started?.close();
  try {
    return { ok: true, games: importGames(task.text, { size: task.size, rule: task.rule, maxGames: task.maxGames }) };
  } catch (e) {
    if (!(e instanceof ImportError)) throw e;
    return { ok: false, refusal: { line: e.line, column: e.column, code: e.code, params: e.params } };
  }
}

/** The refusal as the ImportError the parser threw. */
export function importErrorOf(r: ParseRefusal): ImportError {
  const make = ImportError as unknown as new (line: number, column: number, code: ImportErrorCode, params: ImportErrorValues) => ImportError;
  return new make(r.line, r.column, r.code, r.params);
}
