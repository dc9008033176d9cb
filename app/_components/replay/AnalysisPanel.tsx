"use client";
// A stored game's server analysis: the button that asks for it, its live progress ("Analysing 23 /
// 61" and a bar, for everyone watching), and once done each player's accuracy and mark counts.
import { MARK_SYMBOL, type AnalysisView, type Mark, type PlayerSummary } from "@/lib/shared/analysis";
import type { ReplayGame } from "@/lib/shared/replay/game";
import type { ErrorInfo } from "@/lib/shared/protocol";
import { useTranslations } from "next-intl";
import { useErrorText, useListedName } from "../i18n/words";
import { isAnalysisFailure } from "@/lib/shared/analysis/failures";
import { FindTheWin } from "../puzzles/FindTheWin";

/** Colours of the marks, shared by the move list and the graph. */
export const MARK_COLOR: Partial<Record<Mark, string>> = {
  inaccuracy: "#d49b1f",
  mistake: "#e06a1b",
  blunder: "#c0262d",
  "missed-win": "#8a3fb8",
  only: "#2f7fb8",
};

/** A mark's name in the reader's language ("Blunder" / "败着"). */
export function useMarkName(): (m: Mark) => string {
  const t = useTranslations("analysis.marks");
  return (m: Mark) => t(m);
}

export function AnalysisPanel({
  game,
  analysis,
  error,
  requesting,
  onRequest,
}: {
  game: ReplayGame;
  analysis: AnalysisView | null;
  error: ErrorInfo | null;
  requesting: boolean;
  onRequest: () => void;
}) {
  const t = useTranslations("analysis.panel");
  const errorText = useErrorText();
  let body: React.ReactNode;
  if (!analysis || analysis.status === "failed") {
    const finished = game.status === "finished";
    body = (
      <>
        {analysis?.status === "failed" && (
          <p className="mb-2 text-sm text-danger" data-testid="analysis-failed">
            {t("failed", { reason: isAnalysisFailure(analysis.reason) ? t(`failure.${analysis.reason}`) : (analysis.reason ?? "") })}
          </p>
        )}
        <p className="mb-3 text-sm text-muted">{finished ? t("explain") : t("notFinished")}</p>
        <button className="btn-primary w-full" onClick={onRequest} disabled={!finished || requesting} data-testid="request-analysis">
          {requesting ? t("asking") : t("analyse")}
        </button>
      </>
    );
  } else if (analysis.status !== "done") {
    const pct = analysis.total ? Math.round((analysis.done / analysis.total) * 100) : 0;
    body = (
      <div data-testid="analysis-progress" data-done={analysis.done} data-total={analysis.total}>
        <p className="mb-2 text-sm font-semibold tabular-nums">
          {analysis.status === "requested" && analysis.done === 0 ? t("waiting") : t("progress", { done: analysis.done, total: analysis.total })}
        </p>
        <div
          className="h-2 overflow-hidden rounded-full bg-line"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={analysis.total}
          aria-valuenow={analysis.done}
          aria-label={t("progressLabel")}
        >
          <div className="h-full rounded-full bg-accent transition-[width] duration-300" style={{ width: `${pct}%` }} />
        </div>
      </div>
    );
  } else {
    body = (
      <div className="grid grid-cols-2 gap-3" data-testid="analysis-summary">
        <PlayerColumn name={game.players?.[1] ?? game.black} color={1} s={analysis.summary?.black ?? null} />
        <PlayerColumn name={game.players?.[2] ?? game.white} color={2} s={analysis.summary?.white ?? null} />
        <FindTheWin
          gameId={game.id}
          names={[game.players?.[1], game.players?.[2]]}
          missed={[analysis.summary?.black?.marks["missed-win"] ?? 0, analysis.summary?.white?.marks["missed-win"] ?? 0]}
        />
      </div>
    );
  }
  return (
    <section className="card p-4" aria-labelledby="game-analysis-h" data-testid="game-analysis" data-status={analysis?.status ?? "none"}>
      <h2 id="game-analysis-h" className="mb-2 text-sm font-bold">
        {t("title")}
      </h2>
      {body}
      {error && (
        <p className="mt-2 text-sm text-danger" role="alert" data-testid="analysis-error">
          {errorText(error)}
        </p>
      )}
    </section>
  );
}

function PlayerColumn({ name, color, s }: { name: string; color: 1 | 2; s: PlayerSummary | null }) {
  const rows: Mark[] = ["inaccuracy", "mistake", "blunder", "missed-win", "only"];
  const t = useTranslations("analysis.panel");
  const markName = useMarkName();
  const listed = useListedName();
  return (
    <div data-testid={`summary-${color === 1 ? "black" : "white"}`}>
      <div className="truncate text-xs font-semibold text-muted">
        {color === 1 ? "●" : "○"} {listed(name)}
      </div>
      <div className="text-2xl font-bold tabular-nums" data-testid="accuracy">
        {s?.accuracy == null ? "—" : `${s.accuracy.toFixed(1)}%`}
      </div>
      <div className="mb-1 text-xs text-muted">{t("accuracy")}</div>
      <ul className="space-y-0.5 text-xs">
        {rows.map((m) => (
          <li key={m} className="flex justify-between gap-2" data-testid={`count-${m}`}>
            <span>
              <span className="font-bold" style={{ color: MARK_COLOR[m] }}>
                {MARK_SYMBOL[m] || "·"}
              </span>{" "}
              {markName(m)}
            </span>
            <span className="tabular-nums">{s?.marks[m] ?? 0}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
