"use client";
import { useTranslations } from "next-intl";
import type { Swap2Choice, Swap2Phase } from "@/lib/shared/swap2";

/** Swap2: the choice buttons for the player who chooses (the server checks it all again). */
export function Swap2Choices({ phase, busy, choose }: { phase: Swap2Phase; busy: boolean; choose: (c: Swap2Choice) => void }) {
  const three = phase === "choose3";
  const t = useTranslations("game.swap2");
  return (
    <div className="mt-2 flex flex-wrap gap-2" data-testid="swap2-choices" role="group" aria-label={t("choice")}>
      <button className="btn-primary px-3 py-1" onClick={() => choose("black")} disabled={busy} data-testid="swap2-black">
        ● {t("takeBlack")}
      </button>
      <button className="btn-ghost px-3 py-1" onClick={() => choose("white")} disabled={busy} data-testid="swap2-white">
        ○ {three ? t("stayWhite") : t("takeWhite")}
      </button>
      {three && (
        <button className="btn-ghost px-3 py-1" onClick={() => choose("place")} disabled={busy} data-testid="swap2-place">
          ＋ {t("placeTwo")}
        </button>
      )}
    </div>
  );
}
