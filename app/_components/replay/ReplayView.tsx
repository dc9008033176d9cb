"use client";
// The replay: the board at any ply (scrubber, buttons, ←/→/Home/End, the move list, the graph), the
// evaluation graph from black's side, and for each engine move the heatmap of its root scores and its
// expected line as ghost stones. With a server analysis (./AnalysisPanel): every move's score,
// marks in the move list and on the graph, and the best move as a ghost stone with its line. Works for finished games, games in progress (it follows new moves
// while you are at the end) and imported games. Export: move string and Piskvork PSQ. The parts:
// ./ReplayHeader, ./Scrubber, ./MoveAnalysis, ./ReplayMoveList, ./ExportPanel; the ply: ./useReplayPly.
import Link from "next/link";
import { useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { Board } from "@/app/_components/Board";
import { cellsOf, forbiddenPoints, sideToMove } from "@/engine";
import { analysisHref, evalSeries, heatOf, positionAt, type ReplayGame, type ReplayMove } from "@/lib/shared/replay/game";
import { plyOf, shownScores, type AnalysisView, type PlyAnalysis } from "@/lib/shared/analysis";
import { EvalGraph } from "./EvalGraph";
import { heatLayer, useHeatWords } from "./HeatLayer";
import { GameHeader } from "./ReplayHeader";
import { Scrubber, Toggle } from "./Scrubber";
import { MoveAnalysis } from "./MoveAnalysis";
import { ReplayMoveList } from "./ReplayMoveList";
import { ExportPanel } from "./ExportPanel";
import { useReplayPly } from "./useReplayPly";
import { ReplayAnnouncer } from "./ReplayAnnouncer";

export function ReplayView({
  game,
  initialPly,
  analysis = null,
  analysisPanel = null,
}: {
  game: ReplayGame;
  initialPly?: number | null;
  analysis?: AnalysisView | null;
  analysisPanel?: React.ReactNode;
}) {
  const total = game.moves.length;
  const { ply, setPly, hover, setHover } = useReplayPly(game, initialPly);
  const [showHeat, setShowHeat] = useState(true);
  const [showPv, setShowPv] = useState(true);
  const [numbers, setNumbers] = useState(false);
  const t = useTranslations("replay");
  const titles = useTranslations("common.titles");

  const pos = useMemo(() => positionAt(game, ply), [game, ply]);
  // Renju: black's forbidden points at this ply, when black is the one to move.
  const forbidden = useMemo(
    () => (game.rule === "renju" && !pos.winLine && sideToMove(pos.stones) === 1 ? forbiddenPoints(game.size, cellsOf(game.size, pos.stones)) : null),
    [game.rule, game.size, pos],
  );
  const { shown, series } = useShownScores(game, analysis);
  // The analysis panel is there for a stored game: finished and not analysed (or failed), it offers the analysis.
  const analysable = !!analysisPanel && game.status === "finished" && (!analysis || analysis.status === "failed");
  const marks = useMemo(() => (analysis?.plies ?? []).map((p) => ({ ply: p.ply, mark: p.mark })), [analysis]);
  const judged = useMemo(() => (pos.move ? plyOf(analysis, pos.move.ply) : null), [analysis, pos.move]);
  const hasAnalysis = useMemo(() => game.moves.some((m) => m.rootScores?.length || m.pv?.length), [game.moves]);
  const move = pos.move;
  const heat = useMemo(() => (showHeat ? heatOf(withAnalysisRoots(move, judged)) : []), [move, showHeat, judged]);
  const shownMove = move?.score && shown[move.ply - 1] ? { ...move, score: shown[move.ply - 1]!.score } : move;
  const occupied = useMemo(() => new Set(pos.stones.map((s) => s.y * game.size + s.x)), [pos.stones, game.size]);
  // Where the analysis found a better move: it and its line as ghosts (the mover's colour first).
  const bestGhosts = !!(judged && judged.rank > 1 && judged.best && showPv);
  const ghosts = useMemo(() => {
    if (bestGhosts && judged) return judged.line.length ? judged.line.slice(0, 8) : [judged.best!];
    if (!showPv || !move?.pv?.length) return [];
    const pv = move.pv[0] && move.pv[0].x === move.x && move.pv[0].y === move.y ? move.pv.slice(1) : move.pv;
    return pv.slice(0, 8);
  }, [move, showPv, bestGhosts, judged]);

  const heatWords = useHeatWords();
  const overlay = useMemo(
    () =>
      heatLayer({
        size: game.size,
        cells: heat,
        ghosts,
        ghostFirstColor: move ? (bestGhosts ? move.color : move.color === 1 ? 2 : 1) : 1,
        occupied,
        hover,
        onHover: setHover,
        mover: move?.color ?? 1,
        words: heatWords,
      }),
    [game.size, heat, ghosts, move, occupied, hover, setHover, bestGhosts, heatWords],
  );

  return (
    // On a wide screen the replay is one viewport (issue 27: 1366×768 and 1280×720, as lichess): the
    // board as large as the height leaves, the side column its own scroll box, the move list a box
    // inside it (overscroll-contain: scrolling it moves nothing else). 8rem: the nav and the page's padding.
    <div
      className="grid grid-cols-1 gap-5 lg:h-[calc(100dvh-8rem)] lg:grid-cols-[minmax(0,1fr)_24rem] lg:grid-rows-[minmax(0,1fr)]"
      data-testid="replay"
      data-ply={ply}
      data-plies={total}
      data-source={game.source}
    >
      <div className="mx-auto flex w-full max-w-[min(100%,calc(100vh-11rem))] flex-col gap-3 lg:max-w-[min(100%,calc(100dvh-14.5rem))]">
        <Board size={game.size} stones={pos.stones} lastMove={pos.last} winLine={pos.winLine} showNumbers={numbers} overlay={overlay} forbidden={forbidden} />
        <Scrubber ply={ply} total={total} onPly={setPly} />
        <ReplayAnnouncer game={game} ply={ply} analysis={analysis} />
        <div className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2 text-sm text-muted">
          {(hasAnalysis || !!analysis?.plies.length) && (
            <>
              <Toggle checked={showHeat} onChange={setShowHeat} testId="toggle-heat">
                {t("heatmap")}
              </Toggle>
              <Toggle checked={showPv} onChange={setShowPv} testId="toggle-pv">
                {t("expectedLine")}
              </Toggle>
            </>
          )}
          <Toggle checked={numbers} onChange={setNumbers} testId="toggle-numbers">
            {t("moveNumbers")}
          </Toggle>
          <span className="hidden text-xs sm:inline">{t("keys")}</span>
        </div>
      </div>

      <aside className="flex min-w-0 flex-col gap-3 lg:min-h-0 lg:overflow-y-auto lg:overscroll-contain" data-testid="replay-side">
        <h1 className="sr-only">{titles(game.source === "import" ? "importedReplay" : "replay")}</h1>
        <GameHeader game={game} />
        <section className="card p-3" aria-labelledby="graph-h">
          <h2 id="graph-h" className="mb-2 flex items-baseline justify-between px-1 text-sm font-bold">
            {t("evaluation")} <span className="text-xs font-normal text-muted">{t("fromBlack")}</span>
          </h2>
          <EvalGraph series={series} plies={total} ply={ply} onJump={setPly} marks={marks} analysable={analysable} />
        </section>
        <MoveAnalysis game={game} move={shownMove} ply={ply} heat={heat} hover={hover} judged={judged} />
        <section className="card overflow-hidden lg:flex lg:min-h-40 lg:flex-1 lg:flex-col" aria-labelledby="moves-h">
          <h2 id="moves-h" className="flex items-baseline justify-between border-b border-line px-4 py-2 text-sm font-bold">
            {t("moves")} <span className="text-xs font-normal text-muted">{t("fromMover")}</span>
          </h2>
          <ReplayMoveList game={game} ply={ply} onPly={setPly} analysis={analysis} />
        </section>
        {/* The game's analysis (offer, progress, accuracy) after the moves: board, graph, the move and the list come first in one viewport. */}
        {analysisPanel}
        <Link href={analysisHref(game, ply)} className="btn-ghost" data-testid="analyse-here" title={t("analyseHereTitle")}>
          {t("analyseHere", { ply })}
        </Link>
        <ExportPanel game={game} />
      </aside>
    </div>
  );
}

/** Each move's score as the move list shows it: the analysis's where it has one, agreeing from move to move (lib/shared/analysis shownScores); the graph's series. */
function useShownScores(game: ReplayGame, analysis: AnalysisView | null) {
  const shown = useMemo(() => shownScores(analysis, game.moves, game.reason === "five"), [analysis, game.moves, game.reason]);
  const series = useMemo(() => evalSeries(game.moves.map((m, i) => ({ ...m, score: shown[i]?.score }))), [game.moves, shown]);
  return { shown, series };
}

/** The heatmap's move: with the server analysis's candidates where it has them (every analysed game, imported ones too), else its own search's. */
function withAnalysisRoots(move: ReplayMove | null, judged: PlyAnalysis | null): ReplayMove | null {
  return judged?.roots?.length && move ? { ...move, rootScores: judged.roots } : move;
}
