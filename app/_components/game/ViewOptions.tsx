"use client";
// Under the actions: the board's display toggles, how many watch, and the game's settings in a line.
import { useTranslations } from "next-intl";
import type { GameState } from "@/lib/shared/protocol";
import { useRuleWords } from "../i18n/words";

export function ViewOptions({
  state,
  numbers,
  setNumbers,
  showPv,
  setShowPv,
}: {
  state: GameState;
  numbers: boolean;
  setNumbers: (on: boolean) => void;
  showPv: boolean;
  setShowPv: (on: boolean) => void;
}) {
  const t = useTranslations("game");
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
      <label className="flex cursor-pointer items-center gap-2">
        <input type="checkbox" className="size-4 accent-accent" checked={numbers} onChange={(e) => setNumbers(e.target.checked)} data-testid="toggle-numbers" />
        {t("moveNumbers")}
      </label>
      {state.kind !== "hvh" && state.kind !== "imported" && (
        <label className="flex cursor-pointer items-center gap-2">
          <input type="checkbox" className="size-4 accent-accent" checked={showPv} onChange={(e) => setShowPv(e.target.checked)} />
          {t("showLine")}
        </label>
      )}
      <span className="ml-auto flex items-center gap-1.5" data-testid="spectators" data-count={state.spectators}>
        <EyeIcon /> {t("watching", { n: state.spectators })}
      </span>
    </div>
  );
}

/** The game's settings in one line: size, rule, opening, clock, and whether you only watch. */
export function GameFacts({ state, me }: { state: GameState; me: 1 | 2 | null }) {
  const t = useTranslations("game");
  const ruleWords = useRuleWords();
  return (
    <p className="text-xs text-muted">
      {state.size}×{state.size} · {ruleWords.text(state.rule)}
      {state.opening.length > 0 && ` · ${t("labOpening")}`}
      {state.swap2 && ` · ${t("swap2Label")}`}
      {state.clock && ` · ${state.clock.settings.initialMs / 60_000}+${state.clock.settings.incrementMs / 1000}`}
      {me === null && ` · ${t("youAreWatching")}`}
    </p>
  );
}

function EyeIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
