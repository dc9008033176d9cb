"use client";
// The tree editor's refusals in the reader's language: engine/lecture's TreeFormatError carries a
// stable code, its values and the node's path (its English message stays for the terminal).
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { TreeFormatError } from "@/engine";

export function useTreeError(): (e: unknown) => string {
  const t = useTranslations("learn.treeErrors");
  return useCallback(
    (e: unknown) => {
      if (!(e instanceof TreeFormatError)) return e instanceof Error ? e.message : String(e);
      const what = t(e.code, e.values);
      if (!e.path) return what;
      return t("at", { where: e.path.length === 0 ? t("root") : `[${e.path.join(",")}]`, what });
    },
    [t],
  );
}
