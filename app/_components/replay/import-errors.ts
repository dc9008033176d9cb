"use client";
// An import refusal with its place: "line 3, column 5: …" / "第 3 行第 5 列：…". The parsers
// (lib/shared/psq, sgf, movetext) say what is wrong in English; the place is the reader's.
import { useTranslations } from "next-intl";
import { useCallback } from "react";

export function useImportErrorText(): (e: { message: string; line: number | null; column: number | null }) => string {
  const t = useTranslations("import");
  return useCallback(
    (e) => {
      if (e.line === null) return e.message;
      const detail = e.message.replace(/^line \d+, column \d+: /, "");
      return e.column === null ? t("atLine", { line: e.line, detail }) : t("at", { line: e.line, column: e.column, detail });
    },
    [t],
  );
}
