"use client";
// The analysis board's parts (./AnalysisBoard's Explorer): the step buttons under the board, the
// browser engine's panel, and the hooks that keep the address and the arrow keys on the position.
import { useEffect, type Dispatch, type SetStateAction } from "react";
import { useTranslations } from "next-intl";
import { Icon, STEP_ICONS } from "@/app/_components/Icon";
import { negateScore, type Outcome, type Point, type Rule, type Score, type Stone } from "@/engine";
import { movesToString, toLabel } from "@/lib/shared/notation";
import { openingAsMoves } from "@/lib/shared/psq";
import type { VariationTree } from "@/lib/client/analysis/tree";
import type { LocalEngineView } from "@/lib/client/analysis/useLocalEngine";
import { encodeTree } from "@/lib/client/analysis/tree-link";
import { useNumbers, useScoreText } from "../i18n/words";
import { useWinChance } from "../i18n/score-words";

type SetAt = Dispatch<SetStateAction<number>>;

/** First, back, the ply shown, forward, last. */
export function StepButtons({ tree, plies, setAt }: { tree: VariationTree; plies: number; setAt: SetAt }) {
  const t = useTranslations("analysisBoard");
  return (
    <div className="mt-3 flex items-center justify-center gap-2">
      <button type="button" className="btn-ghost" onClick={() => setAt(0)} aria-label={t("start")} data-testid="an-first">
        <Icon d={STEP_ICONS.first} />
      </button>
      <button type="button" className="btn-ghost" onClick={() => setAt((a) => tree.prev(a))} aria-label={t("back")} data-testid="an-prev">
        <Icon d={STEP_ICONS.prev} />
      </button>
      <span className="min-w-16 text-center font-mono text-sm" data-testid="an-ply">
        {plies}
      </span>
      <button type="button" className="btn-ghost" onClick={() => setAt((a) => tree.next(a))} aria-label={t("forward")} data-testid="an-next">
        <Icon d={STEP_ICONS.next} />
      </button>
      <button type="button" className="btn-ghost" onClick={() => setAt((a) => tree.end(a))} aria-label={t("end")} data-testid="an-last">
        <Icon d={STEP_ICONS.last} />
      </button>
    </div>
  );
}

export interface EnginePanelProps {
  engine: LocalEngineView;
  running: boolean;
  onToggle: () => void;
  /** The game is over in the position shown (no search). */
  over: boolean;
  outcome: Outcome;
  toMove: 1 | 2;
  size: number;
}

/** The engine running in this browser: start/stop, and its score (from black's side), best move, depth, nodes and line. */
export function EnginePanel({ engine, running, onToggle, over, outcome, toMove, size }: EnginePanelProps) {
  const t = useTranslations("analysisBoard");
  const score = useScoreText();
  const { int } = useNumbers();
  const chance = useWinChance();
  const formatBlackScore = (s: Score) =>
    s.kind === "win" ? t("blackWinsIn", { n: s.plies }) : s.kind === "loss" ? t("whiteWinsIn", { n: s.plies }) : score(s);
  const p = engine.progress;
  // The engine reports from the side to move; people read scores from black's side here.
  const blackScore: Score | null = p ? (toMove === 1 ? p.score : negateScore(p.score)) : null;
  return (
    <section className="card p-4" aria-labelledby="engine-h" data-testid="local-engine">
      <div className="mb-2 flex items-center justify-between">
        <h2 id="engine-h" className="font-bold">
          {t("engine")} <span className="text-xs font-normal text-muted">{t("inBrowser")}</span>
        </h2>
        <button type="button" className={running ? "btn-ghost" : "btn-primary"} onClick={onToggle} data-testid="engine-toggle" aria-pressed={running}>
          {running ? t("stop") : t("analyse")}
        </button>
      </div>
      {over ? (
        <p data-testid="engine-over">{outcome.winner ? t("hasFive", { color: outcome.winner === 1 ? "black" : "white" }) : t("full")}</p>
      ) : engine.error ? (
        <p className="text-danger">{t(engine.error.kind === "start" ? "cannotStart" : "engineStopped", { detail: engine.error.detail })}</p>
      ) : p ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted">{t("score")}</dt>
          <dd className="font-mono font-semibold" data-testid="engine-score">
            {formatBlackScore(blackScore!)} <span className="text-xs font-normal text-muted">{t("blackSide")}</span>{" "}
            <span className="text-xs font-normal tabular-nums" data-testid="engine-chance">
              {chance.title(blackScore!)}
            </span>
          </dd>
          <dt className="text-muted">{t("best")}</dt>
          <dd className="font-mono" data-testid="engine-best">
            {p.move ? toLabel(p.move, size) : "—"}
          </dd>
          <dt className="text-muted">{t("depth")}</dt>
          <dd className="font-mono" data-testid="engine-depth" data-depth={p.depth}>
            {p.depth}
            {running && !engine.finished ? "…" : ""}
          </dd>
          <dt className="text-muted">{t("nodes")}</dt>
          <dd className="font-mono">
            {int(p.nodes)} · {t("seconds", { s: (p.timeMs / 1000).toFixed(1) })}
          </dd>
          <dt className="text-muted">{t("line")}</dt>
          <dd className="font-mono break-words" data-testid="engine-line">
            {p.pv.map((m) => toLabel(m, size)).join(" ")}
          </dd>
        </dl>
      ) : (
        <p className="text-sm text-muted" data-testid="engine-idle">
          {running ? t("thinking") : t("stopped")}
        </p>
      )}
    </section>
  );
}

/**
 * The address holds the line to the position shown and the whole tree (?tree=: the game and every
 * variation, lib/client/analysis/tree-link), so a reload or a shared link shows them again.
 */
export function useLineInAddress(start: { size: number; rule: Rule; opening: Stone[] }, path: Point[], at: number, tree: VariationTree): void {
  useEffect(() => {
    const q = new URLSearchParams({ size: String(start.size), rule: start.rule });
    const line = movesToString([...openingAsMoves(start.opening), ...path], start.size);
    if (line) q.set("moves", line);
    if (start.opening.length) q.set("opening", String(start.opening.length));
    // Only a tree with a variation needs its own field (the main line alone is `moves`).
    const whole = tree.nodes.some((n) => n.children.length > 1) ? encodeTree(tree, start.size) : null;
    if (whole) q.set("tree", whole);
    window.history.replaceState(null, "", `/analysis?${q.toString()}`);
    // path is derived from `at` (the tree only grows).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [at, start]);
}

/** ← → Home End step through the tree (not while typing in a field). */
export function useStepKeys(tree: VariationTree, setAt: SetAt): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if (e.key === "ArrowLeft") setAt((a) => tree.prev(a));
      else if (e.key === "ArrowRight") setAt((a) => tree.next(a));
      else if (e.key === "Home") setAt(0);
      else if (e.key === "End") setAt((a) => tree.end(a));
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [tree, setAt]);
}
