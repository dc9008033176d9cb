"use client";
// A stored game's replay: joins its room as a spectator (so a game in progress keeps updating).
import Link from "next/link";
import { useMemo } from "react";
import { useTranslations } from "next-intl";
import { useErrorText } from "../i18n/words";
import { useGame } from "@/lib/client/useGame";
import { fromState } from "@/lib/shared/replay/game";
import { useAnalysis } from "@/lib/client/useAnalysis";
import { ReplayView } from "./ReplayView";
import { AnalysisPanel } from "./AnalysisPanel";
import { ReplayChat } from "../chat/ReplayChat";

export function ServerReplay({ gameId, initialPly }: { gameId: string; initialPly: number | null }) {
  const [view] = useGame(gameId, { watchOnly: true });
  const [analysis, { request }] = useAnalysis(gameId);
  const t = useTranslations("replay");
  const errorText = useErrorText();
  const game = useMemo(() => (view.state ? fromState(view.state) : null), [view.state]);
  if (view.loadError && !game)
    return (
      <div className="card mx-auto max-w-md p-6 text-center" data-testid="load-error">
        <h1 className="mb-2 text-xl font-bold">{t("cannotReplay")}</h1>
        <p className="mb-4 text-muted">{errorText(view.loadError)}</p>
        <Link href="/games" className="btn-primary">
          {t("backToGames")}
        </Link>
      </div>
    );
  if (!game)
    return (
      <div className="grid place-items-center py-24 text-muted" data-testid="loading">
        {t("loading")}
      </div>
    );
  return (
    <>
      <ReplayView
        game={game}
        initialPly={initialPly}
        analysis={analysis.analysis}
        analysisPanel={
          <AnalysisPanel game={game} analysis={analysis.analysis} error={analysis.error} requesting={analysis.requesting} onRequest={() => void request()} />
        }
      />
      {/* The players' chat, to the two players only (the server says so). */}
      {view.state?.kind === "hvh" && <ReplayChat gameId={gameId} />}
    </>
  );
}
