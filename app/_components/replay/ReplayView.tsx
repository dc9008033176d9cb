"use client";
// The replay: the board at any ply (scrubber, buttons, ←/→/Home/End, the move list, the graph), the
// evaluation graph from black's side, and for each engine move the heatmap of its root scores and its
// expected line as ghost stones. With a server analysis (./AnalysisPanel): every move's score,
// marks in the move list and on the graph, and the best move as a ghost stone with its line. Works for finished games, games in progress (it follows new moves
// while you are at the end) and imported games. Export: move string and Piskvork PSQ.
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Board } from "@/app/_components/Board";
import { Icon, STEP_ICONS } from "@/app/_components/Icon";
import { cellsOf, forbiddenPoints, sideToMove } from "@/engine";
import { toLabel } from "@/lib/shared/notation";
import {
  analysisHref,
  clampPly,
  evalSeries,
  heatOf,
  positionAt,
  toMoveString,
  toPsq,
  type HeatCell,
  type ReplayGame,
  type ReplayMove,
} from "@/lib/shared/replay/game";
import { EvalGraph } from "./EvalGraph";
import { heatColor, heatLayer, useHeatWords } from "./HeatLayer";
import { PlayerLink } from "../PlayerLink";
import { MARK_SYMBOL, plyOf, shownScore, type AnalysisView, type PlyAnalysis } from "@/lib/shared/analysis";
import { MARK_COLOR, useMarkName } from "./AnalysisPanel";
import { Swap2Opening, splitSwap2 } from "../Swap2Opening";
import { moveRows } from "../move-rows";
import { useTranslations } from "next-intl";
import { useColorName, useDates, useListedName, useNumbers, useRuleWords, useScoreText } from "../i18n/words";

/** The board label of a finished game: "Black wins · five in a row" / "黑棋胜 · 连五". */
function useResultLine(): (g: ReplayGame) => string {
  const t = useTranslations("replay.result");
  return (g) => {
    if (g.status === "playing") return t("playing");
    if (g.status === "waiting") return t("waiting");
    if (g.reason === "abort") return t("aborted");
    if (!g.result) return g.status === "imported" || g.kind === "imported" ? t("unfinished") : "—";
    if (g.result === "draw") return g.reason === "agreement" ? t("drawAgreement") : t("drawFull");
    const loser = g.result === "black" ? "white" : "black";
    const why =
      g.reason === "five"
        ? g.rule === "exact5" || (g.rule === "renju" && g.result === "black")
          ? "exactFive"
          : "five"
        : g.reason === "resign" || g.reason === "timeout" || g.reason === "abandon"
          ? g.reason
          : "none";
    return t("wins", { color: g.result, why, loser });
  };
}

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
  const [ply, setPlyRaw] = useState(() => (initialPly == null ? total : clampPly(game, initialPly)));
  const [showHeat, setShowHeat] = useState(true);
  const [showPv, setShowPv] = useState(true);
  const [numbers, setNumbers] = useState(false);
  const [hover, setHover] = useState<HeatCell | null>(null);
  const atEnd = useRef(ply === total);
  const t = useTranslations("replay");

  const setPly = useCallback(
    (p: number) => {
      const k = clampPly(game, p);
      atEnd.current = k === game.moves.length;
      setPlyRaw(k);
      setHover(null);
    },
    [game],
  );

  // A game in progress: new moves arrive; follow them if we were at the end.
  const prevTotal = useRef(total);
  useEffect(() => {
    if (total !== prevTotal.current) {
      prevTotal.current = total;
      if (atEnd.current) setPlyRaw(total);
    }
  }, [total]);

  // ?ply=N in the address, for sharing a position.
  useEffect(() => {
    const u = new URL(window.location.href);
    if (ply === total) u.searchParams.delete("ply");
    else u.searchParams.set("ply", String(ply));
    window.history.replaceState(window.history.state, "", u.toString());
  }, [ply, total]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const step: Record<string, () => number> = {
        ArrowLeft: () => ply - 1,
        ArrowRight: () => ply + 1,
        Home: () => 0,
        End: () => game.moves.length,
      };
      if (step[e.key]) {
        e.preventDefault();
        setPly(step[e.key]());
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [ply, game, setPly]);

  const pos = useMemo(() => positionAt(game, ply), [game, ply]);
  // Renju: black's forbidden points at this ply, when black is the one to move.
  const forbidden = useMemo(
    () => (game.rule === "renju" && !pos.winLine && sideToMove(pos.stones) === 1 ? forbiddenPoints(game.size, cellsOf(game.size, pos.stones)) : null),
    [game.rule, game.size, pos],
  );
  // Each move's score as the move list shows it: the analysis's where it has one (lib/shared/analysis shownScore).
  const series = useMemo(() => evalSeries(game.moves.map((m) => ({ ...m, score: shownScore(analysis, m)?.score }))), [game.moves, analysis]);
  // The analysis panel is there for a stored game: finished and not analysed (or failed), it offers the analysis.
  const analysable = !!analysisPanel && game.status === "finished" && (!analysis || analysis.status === "failed");
  const marks = useMemo(() => (analysis?.plies ?? []).map((p) => ({ ply: p.ply, mark: p.mark })), [analysis]);
  const judged = useMemo(() => (pos.move ? plyOf(analysis, pos.move.ply) : null), [analysis, pos.move]);
  const hasAnalysis = useMemo(() => game.moves.some((m) => m.rootScores?.length || m.pv?.length), [game.moves]);
  const move = pos.move;
  const heat = useMemo(() => (showHeat ? heatOf(move) : []), [move, showHeat]);
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
    [game.size, heat, ghosts, move, occupied, hover, bestGhosts, heatWords],
  );

  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]" data-testid="replay" data-ply={ply} data-plies={total} data-source={game.source}>
      <div className="mx-auto flex w-full max-w-[min(100%,calc(100vh-11rem))] flex-col gap-3">
        <Board size={game.size} stones={pos.stones} lastMove={pos.last} winLine={pos.winLine} showNumbers={numbers} overlay={overlay} forbidden={forbidden} />
        <Scrubber ply={ply} total={total} onPly={setPly} />
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

      <aside className="flex min-w-0 flex-col gap-3">
        <GameHeader game={game} />
        <section className="card p-3" aria-labelledby="graph-h">
          <h2 id="graph-h" className="mb-2 flex items-baseline justify-between px-1 text-sm font-bold">
            {t("evaluation")} <span className="text-xs font-normal text-muted">{t("fromBlack")}</span>
          </h2>
          <EvalGraph series={series} plies={total} ply={ply} onJump={setPly} marks={marks} analysable={analysable} />
        </section>
        {analysisPanel}
        <MoveAnalysis game={game} move={move} ply={ply} heat={heat} hover={hover} judged={judged} />
        <section className="card overflow-hidden" aria-labelledby="moves-h">
          <h2 id="moves-h" className="flex items-baseline justify-between border-b border-line px-4 py-2 text-sm font-bold">
            {t("moves")} <span className="text-xs font-normal text-muted">{t("fromMover")}</span>
          </h2>
          <ReplayMoveList game={game} ply={ply} onPly={setPly} analysis={analysis} />
        </section>
        <Link href={analysisHref(game, ply)} className="btn-ghost" data-testid="analyse-here" title={t("analyseHereTitle")}>
          {t("analyseHere", { ply })}
        </Link>
        <ExportPanel game={game} />
      </aside>
    </div>
  );
}

function Toggle({ checked, onChange, testId, children }: { checked: boolean; onChange: (v: boolean) => void; testId: string; children: React.ReactNode }) {
  return (
    <label className="flex cursor-pointer items-center gap-2">
      <input type="checkbox" className="size-4 accent-accent" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      {children}
    </label>
  );
}

function Scrubber({ ply, total, onPly }: { ply: number; total: number; onPly: (p: number) => void }) {
  const btn = "btn-ghost size-10 shrink-0 px-0 py-0 text-base";
  const t = useTranslations("replay.scrubber");
  return (
    <div className="card flex items-center gap-2 px-2 py-2" data-testid="scrubber">
      <button className={btn} onClick={() => onPly(0)} disabled={ply === 0} aria-label={t("firstLabel")} title={t("first")} data-testid="first">
        <Icon d={STEP_ICONS.first} />
      </button>
      <button className={btn} onClick={() => onPly(ply - 1)} disabled={ply === 0} aria-label={t("prevLabel")} title={t("prev")} data-testid="prev">
        <Icon d={STEP_ICONS.prev} />
      </button>
      <input
        type="range"
        min={0}
        max={total}
        value={ply}
        onChange={(e) => onPly(Number(e.target.value))}
        className="min-w-0 flex-1 accent-accent"
        aria-label={t("move")}
        data-testid="ply-range"
      />
      <span className="w-20 shrink-0 text-center text-sm font-semibold tabular-nums" data-testid="ply-label">
        {ply} / {total}
      </span>
      <button className={btn} onClick={() => onPly(ply + 1)} disabled={ply === total} aria-label={t("nextLabel")} title={t("next")} data-testid="next">
        <Icon d={STEP_ICONS.next} />
      </button>
      <button className={btn} onClick={() => onPly(total)} disabled={ply === total} aria-label={t("lastLabel")} title={t("last")} data-testid="last">
        <Icon d={STEP_ICONS.last} />
      </button>
    </div>
  );
}

function GameHeader({ game }: { game: ReplayGame }) {
  const t = useTranslations("replay");
  const rules = useRuleWords();
  const dates = useDates();
  const resultLine = useResultLine();
  const kind = t(`kind.${game.kind}`);
  return (
    <section className="card p-4" data-testid="replay-header">
      <div className="mb-2 flex items-center justify-between gap-2 text-xs font-semibold tracking-wide text-muted uppercase">
        <span>
          {kind} · {game.size}×{game.size} · {rules.text(game.rule)}
          {game.opening.length > 0 && ` · ${t("opening")}`}
          {game.swap2 && ` · ${t("swap2")}`}
        </span>
        {game.createdAt && <time dateTime={game.createdAt}>{dates.date(game.createdAt)}</time>}
      </div>
      <div className="space-y-1">
        <PlayerLine c={1} name={game.black} player={game.players?.[1] ?? null} won={game.result === "black"} />
        <PlayerLine c={2} name={game.white} player={game.players?.[2] ?? null} won={game.result === "white"} />
      </div>
      <div className="mt-3 flex items-center justify-between gap-2">
        <span className="font-semibold" data-testid="replay-result" data-result={game.result ?? ""}>
          {resultLine(game)}
        </span>
        {game.id && game.status !== "finished" && (
          <Link href={`/game/${game.id}?watch=1`} className="btn-ghost px-3 py-1 text-xs">
            ● {t("live")}
          </Link>
        )}
      </div>
    </section>
  );
}

function PlayerLine({ c, name, player, won }: { c: 1 | 2; name: string; player: string | null; won: boolean }) {
  const t = useTranslations("replay");
  const listed = useListedName();
  return (
    <div className="flex items-center gap-2.5">
      <span
        className={`size-4 shrink-0 rounded-full shadow ${c === 1 ? "bg-gradient-to-br from-neutral-600 to-black" : "border border-neutral-300 bg-gradient-to-br from-white to-neutral-200"}`}
      />
      <span className="truncate font-medium">
        {player ? <PlayerLink name={player} testId={`replay-player-${c === 1 ? "black" : "white"}`} /> : listed(name)}
      </span>
      {won && <span className="rounded bg-accent/15 px-1.5 text-xs font-bold text-accent-dark">{t("winner")}</span>}
    </div>
  );
}

function MoveAnalysis({
  game,
  move,
  ply,
  heat,
  hover,
  judged,
}: {
  game: ReplayGame;
  move: ReplayMove | null;
  ply: number;
  heat: HeatCell[];
  hover: HeatCell | null;
  judged: PlyAnalysis | null;
}) {
  const t = useTranslations("replay.move");
  const colorName = useColorName();
  const formatScore = useScoreText();
  const { compact, int } = useNumbers();
  let body: React.ReactNode;
  if (!move) {
    body = <p className="text-sm text-muted">{t("startExplain", { opening: game.opening.length })}</p>;
  } else if (!move.score) {
    body = judged ? null : <p className="text-sm text-muted">{move.by === "human" ? t("humanMove") : t("noAnalysis")}</p>;
  } else {
    const who = move.color === 1 ? "black" : "white";
    const best = heat.find((h) => h.best);
    const pv = (move.pv ?? []).map((p) => toLabel(p, game.size));
    body = (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t("score")}</dt>
        <dd>
          <span className="font-semibold tabular-nums" data-testid="analysis-score">
            {formatScore(move.score)}
          </span>{" "}
          <span className="text-xs text-muted">{t("fromSide", { color: who })}</span>
        </dd>
        <dt className="text-muted">{t("search")}</dt>
        <dd className="tabular-nums">
          {t("depth", { depth: move.depth ?? "?" })}
          {move.nodes !== undefined && ` · ${t("nodes", { n: move.nodes, shown: move.nodes >= 1e3 ? compact(move.nodes) : int(move.nodes) })}`}
          {move.timeMs !== undefined && ` · ${t("seconds", { s: (move.timeMs / 1000).toFixed(1) })}`}
        </dd>
        {pv.length > 0 && (
          <>
            <dt className="text-muted">{t("line")}</dt>
            <dd className="font-mono text-xs leading-5" data-testid="analysis-pv">
              {pv.slice(0, 10).join(" ")}
            </dd>
          </>
        )}
        {heat.length > 0 && (
          <>
            <dt className="text-muted">{t("options")}</dt>
            <dd>
              {t("scored", { n: heat.length })}
              {best && !best.played ? ` · ${t("best", { move: toLabel(best, game.size), score: formatScore(best.score) })}` : ` · ${t("playedBest")}`}
            </dd>
          </>
        )}
      </dl>
    );
  }
  return (
    <section className="card p-4" data-testid="analysis" aria-labelledby="analysis-h">
      <h2 id="analysis-h" className="mb-2 flex items-baseline justify-between text-sm font-bold">
        <span>{move ? t("title", { ply, color: colorName(move.color), move: toLabel(move, game.size) }) : t("start")}</span>
        {move?.by && <span className="text-xs font-normal text-muted">{move.by === "engine" ? t("byEngine") : t("byHuman")}</span>}
      </h2>
      {judged && <JudgedLine game={game} judged={judged} />}
      {judged && body ? (
        // The game's own search (shallower, under the clock) apart from the analysis's verdict above.
        <div data-testid="during-game">
          <h3 className="mb-1 text-xs font-semibold text-muted">{t("duringGame")}</h3>
          {body}
        </div>
      ) : (
        body
      )}
      {heat.length > 0 && (
        <div className="mt-3 flex items-center gap-2 text-xs text-muted">
          <span>{t("heatBest")}</span>
          <span className="h-2 flex-1 rounded-full" style={{ background: `linear-gradient(to right, ${heatColor(0)}, ${heatColor(0.5)}, ${heatColor(1)})` }} />
          <span>{t("heatWorst")}</span>
          <span className="min-w-24 text-right font-semibold text-ink tabular-nums" data-testid="heat-hover">
            {hover ? `${toLabel(hover, game.size)} ${hover.bound ? "≤ " : ""}${formatScore(hover.score)}` : t("hover")}
          </span>
        </div>
      )}
    </section>
  );
}

/** The server analysis of the move shown: its mark, its score and rank, and the best move with its line. */
function JudgedLine({ game, judged }: { game: ReplayGame; judged: PlyAnalysis }) {
  const line = judged.line.map((p) => toLabel(p, game.size));
  const t = useTranslations("replay.move");
  const formatScore = useScoreText();
  const markName = useMarkName();
  return (
    <div className="mb-2 space-y-1 border-b border-line pb-2 text-sm" data-testid="judged" data-mark={judged.mark}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-semibold" style={{ color: MARK_COLOR[judged.mark] }} data-testid="judged-mark">
          {MARK_SYMBOL[judged.mark] ? `${MARK_SYMBOL[judged.mark]} ` : ""}
          {markName(judged.mark)}
        </span>
        <span className="text-xs text-muted tabular-nums">
          {/* A loss that rounds to 0 % is not written as "−0 %". */}
          {t(judged.loss >= 0.5 ? "judged" : "judgedNoLoss", {
            score: formatScore(judged.after),
            rank: judged.rank,
            total: judged.candidates,
            loss: judged.loss.toFixed(0),
          })}
        </span>
      </div>
      {judged.rank > 1 && judged.best && (
        <div data-testid="best-was">
          {t("bestWas")}{" "}
          <span className="font-mono font-semibold">
            {toLabel(judged.best, game.size)} ({formatScore(judged.bestScore)})
          </span>
          {line.length > 1 && <span className="ml-1 font-mono text-xs text-muted">{line.slice(0, 10).join(" ")}</span>}
        </div>
      )}
    </div>
  );
}

function ReplayMoveList({ game, ply, onPly, analysis }: { game: ReplayGame; ply: number; onPly: (p: number) => void; analysis: AnalysisView | null }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current?.querySelector<HTMLElement>(`[data-current="true"]`);
    const parent = box.current;
    if (el && parent) {
      const top = el.offsetTop - parent.offsetTop;
      if (top < parent.scrollTop || top > parent.scrollTop + parent.clientHeight - el.offsetHeight) parent.scrollTop = top - parent.clientHeight / 2;
    }
  }, [ply]);
  const t = useTranslations("replay");
  const formatScore = useScoreText();
  const markName = useMarkName();
  const { opening, rest } = splitSwap2(game.moves, game.swap2);
  const rows = moveRows(rest);
  const cell = (m: ReplayMove | null) => {
    if (!m) return <span className="px-2 py-1 text-muted">…</span>;
    const current = m.ply === ply;
    const j = plyOf(analysis, m.ply);
    const sym = j ? MARK_SYMBOL[j.mark] : "";
    const shown = shownScore(analysis, m);
    const color = m.color === 1 ? "black" : "white";
    return (
      <button
        type="button"
        onClick={() => onPly(m.ply)}
        data-testid={`rmove-${m.ply}`}
        data-current={current}
        className={`flex items-baseline justify-between gap-1 rounded px-2 py-1 text-left hover:bg-wood/30 ${current ? "bg-wood/60 font-bold" : ""}`}
        title={
          !shown
            ? undefined
            : j
              ? t("analysedScoreTitle", { score: formatScore(shown.score), color, rank: j.rank, total: j.candidates })
              : t("moveScoreTitle", { score: formatScore(shown.score), color })
        }
      >
        <span className="font-mono">
          {toLabel(m, game.size)}
          {sym && (
            <span className="ml-0.5 font-sans font-bold" style={{ color: MARK_COLOR[j!.mark] }} data-testid={`mark-${m.ply}`} title={markName(j!.mark)}>
              {sym}
            </span>
          )}
        </span>
        {shown && (
          <span
            className={`text-xs tabular-nums ${shown.score.kind === "win" || (shown.score.kind === "eval" && shown.score.value > 0) ? "text-accent-dark" : shown.score.kind === "loss" || (shown.score.kind === "eval" && shown.score.value < 0) ? "text-danger" : "text-muted"}`}
            data-testid={`rscore-${m.ply}`}
            data-from={shown.from}
          >
            {formatScore(shown.score)}
          </span>
        )}
      </button>
    );
  };
  return (
    <div ref={box} className="relative max-h-64 overflow-y-auto text-sm" data-testid="replay-moves">
      <button
        type="button"
        onClick={() => onPly(0)}
        data-current={ply === 0}
        className={`block w-full px-3 py-1 text-left text-xs text-muted hover:bg-wood/30 ${ply === 0 ? "bg-wood/60 font-bold text-ink" : ""}`}
      >
        {t("startPosition")}
      </button>
      {game.swap2 && <Swap2Opening swap2={game.swap2} opening={opening} cell={cell} />}
      {rows.length === 0 ? (
        game.swap2 ? null : (
          <p className="px-3 py-3 text-center text-muted">{t("noMoves")}</p>
        )
      ) : (
        <ol>
          {rows.map(({ n, black: b, white: w }, i) => (
            <li key={n} className={`grid grid-cols-[2.5rem_1fr_1fr] items-center gap-1 pr-2 ${i % 2 ? "bg-page/60" : ""}`}>
              <span className="py-1 pr-1 text-right text-xs text-muted tabular-nums" data-testid={`rrow-${n}`}>
                {n}.
              </span>
              {cell(b)}
              {cell(w)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function ExportPanel({ game }: { game: ReplayGame }) {
  const [copied, setCopied] = useState(false);
  const t = useTranslations("replay.export");
  let moveString = "";
  let psq = "";
  let problem: string | null = null;
  try {
    moveString = toMoveString(game);
    psq = toPsq(game);
  } catch (e) {
    problem = (e as Error).message;
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(moveString);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      /* the text stays selectable */
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([psq], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `gomoku-${game.id ?? "import"}.psq`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section className="card p-4" aria-labelledby="export-h" data-testid="export">
      <h2 id="export-h" className="mb-2 text-sm font-bold">
        {t("title")}
      </h2>
      {problem ? (
        <p className="text-sm text-danger">{problem}</p>
      ) : (
        <>
          <div className="flex gap-2">
            <input
              readOnly
              value={moveString}
              onFocus={(e) => e.currentTarget.select()}
              className="select min-w-0 flex-1 font-mono text-xs"
              aria-label={t("moveString")}
              data-testid="export-moves"
            />
            <button className="btn-ghost px-3" onClick={copy} data-testid="copy-moves">
              {copied ? t("copied") : t("copy")}
            </button>
          </div>
          <div className="mt-2 flex items-center justify-between gap-2">
            <button className="btn-ghost" onClick={download} data-testid="export-psq">
              ⬇ {t("psq")}
            </button>
            <Link href="/import" className="text-xs text-muted underline-offset-2 hover:underline">
              {t("import")}
            </Link>
          </div>
          {game.opening.length > 0 && <p className="mt-2 text-xs text-muted">{t("openingNote", { n: game.opening.length })}</p>}
        </>
      )}
    </section>
  );
}
