"use client";
// A score's win chance and a mark's reason in the reader's language (lib/shared/scores winChanceText,
// lib/shared/analysis winprob): "62%", "?? Blunder: win chance 62% → 18%".
import { useCallback } from "react";
import { useTranslations } from "next-intl";
import type { Score } from "@/engine";
import { MARK_SYMBOL, type PlyAnalysis } from "@/lib/shared/analysis";
import { winChanceText } from "@/lib/shared/scores";

/** "62%": the mover's win chance with this score (forced results 0% and 100%). */
export function useWinChance(): { short: (s: Score) => string; title: (s: Score) => string } {
  const t = useTranslations("common.score");
  const short = useCallback((s: Score) => t("chance", { p: winChanceText(s) }), [t]);
  const title = useCallback((s: Score) => t("chanceTitle", { p: winChanceText(s) }), [t]);
  return { short, title };
}

/** Why a move got its mark, in words: "?? Blunder: win chance 62% → 18%". */
export function useMarkReason(): (j: Pick<PlyAnalysis, "mark" | "winBefore" | "winAfter">) => string {
  const t = useTranslations("analysis");
  return useCallback(
    (j) => {
      const sym = MARK_SYMBOL[j.mark];
      return t("reason", { symbol: sym ? `${sym} ` : "", mark: t(`marks.${j.mark}`), before: Math.round(j.winBefore), after: Math.round(j.winAfter) });
    },
    [t],
  );
}
