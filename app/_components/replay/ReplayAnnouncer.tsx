"use client";
// The replay's live region (issue 32): each step (keys, buttons, the list, the graph) says the move
// now on the board and its score as the move list shows it ("Move 12: black h8, score +35").
import { useMemo } from "react";
import { useTranslations } from "next-intl";
import { toLabel } from "@/lib/shared/notation";
import { shownScores, type AnalysisView } from "@/lib/shared/analysis";
import type { ReplayGame } from "@/lib/shared/replay/game";
import { useScoreText } from "../i18n/words";

export function ReplayAnnouncer({ game, ply, analysis }: { game: ReplayGame; ply: number; analysis: AnalysisView | null }) {
  const t = useTranslations("a11y.live");
  const formatScore = useScoreText();
  const shown = useMemo(() => shownScores(analysis, game.moves, game.reason === "five"), [analysis, game.moves, game.reason]);
  const m = ply > 0 ? game.moves[ply - 1] : null;
  const score = m ? shown[ply - 1]?.score : undefined;
  const text = !m
    ? t("start")
    : score
      ? t("moveScore", { n: m.ply, color: m.color, point: toLabel(m, game.size), score: formatScore(score) })
      : t("move", { n: m.ply, color: m.color, point: toLabel(m, game.size) });
  return (
    <p className="sr-only" aria-live="polite" data-testid="replay-said" data-ply={ply}>
      {text}
    </p>
  );
}
