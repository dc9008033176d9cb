"use client";
// Swap2's prompts ("Swap2: place the 2nd opening stone (white)") in the reader's language: the
// words of lib/shared/swap2's phasePrompt, which the terminal keeps in English.
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { Swap2Phase } from "@/lib/shared/swap2";

export function useSwap2Prompt(): (phase: Swap2Phase, plies: number, who: "me" | "opponent" | "watcher") => string {
  const t = useTranslations("game.swap2");
  return useCallback(
    (phase, plies, who) => {
      const color = plies % 2 === 0 ? "black" : "white";
      const they = who === "opponent" ? "opponent" : phase === "place3" || phase === "choose5" ? "first" : "second";
      if (phase === "place3" || phase === "place2") return who === "me" ? t("placeMine", { n: plies + 1, color }) : t("placeTheirs", { n: plies + 1, they });
      if (phase === "choose3") return who === "me" ? t("choose3Mine") : t("chooseTheirs", { they });
      if (phase === "choose5") return who === "me" ? t("choose5Mine") : t("chooseColorTheirs", { they });
      return "";
    },
    [t],
  );
}
