// The server's refusal of a stored file as the import page keeps it. A refusal with an import code
// (lib/shared/import-errors: a place in the file, a budget, a game with no moves, the hourly limit…)
// is worded by the page in the reader's language with its values; a place of line 0 is no place.
// Any other refusal (the request's size or shape, its Origin, the request budget) by its error code.
import { isImportErrorCode } from "@/lib/shared/import-errors";
import type { ErrorInfo } from "@/lib/shared/protocol";
import type { ImportErrorInfo } from "@/lib/shared/imports";
import type { ShownImportError } from "./import-errors";

export function shownServerRefusal(e: ImportErrorInfo, byCode: (e: ErrorInfo) => string): ShownImportError {
  const line = e.line !== undefined && e.line > 0 ? e.line : null;
  const column = line !== null && e.column !== undefined && e.column > 0 ? e.column : null;
  if (isImportErrorCode(e.reason)) return { message: e.message, line, column, reason: e.reason, params: e.params };
  // an older server's mistake in the file, without a code: its own English, still at its place
  if (line !== null) return { message: e.message, line, column };
  return { message: byCode(e), line: null, column: null };
}
