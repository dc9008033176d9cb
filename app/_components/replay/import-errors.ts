"use client";
// An import refusal in the reader's language: "line 3, column 5: …" / "第 3 行第 5 列：…". The parsers
// (lib/shared/psq, sgf, movetext) and the server give a code and its values (lib/shared/import-errors);
// the words come from import.errors.<code>. An answer from an older server without a code keeps its English.
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ImportError, isImportErrorCode, type ImportErrorValues } from "@/lib/shared/import-errors";

/** An import refusal as the page keeps it (from the parser in the page or the server's answer). */
export interface ShownImportError {
  message: string;
  line: number | null;
  column: number | null;
  reason?: string;
  params?: ImportErrorValues;
}

/** Any error thrown while reading a game: an ImportError keeps its place, code and values. */
export function shownImportError(e: unknown): ShownImportError {
  if (e instanceof ImportError)
    return { message: e.message, line: e.line > 0 ? e.line : null, column: e.line > 0 ? e.column : null, reason: e.code, params: e.params };
  return { message: e instanceof Error ? e.message : String(e), line: null, column: null };
}

export function useImportErrorText(): (e: ShownImportError) => string {
  const t = useTranslations("import");
  return useCallback(
    (e) => {
      const detail = isImportErrorCode(e.reason) ? t(`errors.${e.reason}`, e.params ?? {}) : e.message.replace(/^line \d+, column \d+: /, "");
      if (e.line === null) return detail;
      return e.column === null ? t("atLine", { line: e.line, detail }) : t("at", { line: e.line, column: e.column, detail });
    },
    [t],
  );
}
