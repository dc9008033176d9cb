"use client";
// The first-move window (lib/server/games/clock): the side to act must make its first move before
// it closes, or the game is aborted. Counted down on this device's clock from when the state came
// (`since`), so a skewed device clock does not shift it.
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import type { ClockState } from "@/lib/shared/protocol";

export function FirstMoveCountdown({ clock, since, mine, testId }: { clock: ClockState; since: number; mine: boolean; testId: string }) {
  const t = useTranslations("game");
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, []);
  if (!clock.firstMoveBy) return null;
  const windowMs = Date.parse(clock.firstMoveBy) - Date.parse(clock.at);
  const seconds = Math.max(0, Math.ceil((windowMs - (Date.now() - since)) / 1000));
  return (
    <div className={`text-xs font-semibold ${seconds <= 10 ? "text-danger" : "text-accent"}`} data-testid={testId} role="timer">
      {t(mine ? "firstMoveMine" : "firstMoveTheirs", { seconds })}
    </div>
  );
}
