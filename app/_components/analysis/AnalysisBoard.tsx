"use client";
// /analysis: a board to explore on. Start from any position (a replay's ply, a finished game, a
// shared link), play other moves: each becomes a branch of the move tree, and the engine, running
// in this browser (a Web Worker: lib/client/analysis), evaluates the position shown live until you
// stop it. The address always holds the position, so it can be shared or reloaded.
import Link from "next/link";
import { useCallback, useMemo, useState } from "react";
import { Board, type BoardStone } from "@/app/_components/Board";
import { cellsOf, forbiddenPoints, replay, sideToMove, type Point, type Position, type Rule, type Stone } from "@/engine";
import { fromImportQuery } from "@/lib/shared/replay/game";
import { useTranslations } from "next-intl";
import { useErrorText, useRuleWords } from "../i18n/words";
import { VariationTree } from "@/lib/client/analysis/tree";
import { TreeLinkError, decodeTree, nodeOfLine } from "@/lib/client/analysis/tree-link";
import { useLocalEngine } from "@/lib/client/analysis/useLocalEngine";
import { MoveTree } from "./MoveTree";
import { NewBoardForm } from "./NewBoardForm";
import { TreeExport } from "./TreeExport";
import { EnginePanel, StepButtons, useLineInAddress, useStepKeys } from "./ExplorerParts";
import { shownImportError, useImportErrorText, type ShownImportError } from "../replay/import-errors";

interface Start {
  size: number;
  rule: Rule;
  opening: Stone[];
  moves: Point[];
  /** The node to show first: the end of the line given, or `ply` of it. */
  ply: number | null;
  /** The whole tree of a shared link (?tree=: lib/client/analysis/tree-link), else null (the line alone). */
  tree: VariationTree | null;
}

type StartError = { kind: "import"; error: ShownImportError } | { kind: "tree"; error: TreeLinkError };

/** The tree of ?tree= on top of the line read (its errors refused like the line's). */
function withTree(start: Start, text: string | null): Start {
  if (!text) return start;
  return { ...start, tree: decodeTree(text, start.size, start.rule, start.opening) };
}

function parseStart(query: string): { start: Start | null; error: StartError | null } {
  const q = new URLSearchParams(query);
  try {
    const line = parseLine(q);
    return line.start ? { start: withTree(line.start, q.get("tree")), error: null } : line;
  } catch (e) {
    if (e instanceof TreeLinkError) return { start: null, error: { kind: "tree", error: e } };
    throw e;
  }
}

function parseLine(q: URLSearchParams): { start: Start | null; error: StartError | null } {
  if (!q.get("moves")) {
    const size = Number(q.get("size") ?? "15");
    const rule = (q.get("rule") ?? "freestyle") as Rule;
    try {
      // An empty board: still checked (size and rule) through the same reader, with one move then none.
      fromImportQuery(new URLSearchParams({ size: String(size), rule, moves: "a1" }));
    } catch (e) {
      return { start: null, error: { kind: "import", error: shownImportError(e) } };
    }
    return { start: { size, rule, opening: [], moves: [], ply: null, tree: null }, error: null };
  }
  try {
    const g = fromImportQuery(q);
    const ply = q.get("ply");
    return {
      start: {
        size: g.size,
        rule: g.rule,
        opening: g.opening,
        moves: g.moves.map(({ x, y }) => ({ x, y })),
        ply: ply && /^\d+$/.test(ply) ? Number(ply) : null,
        tree: null,
      },
      error: null,
    };
  } catch (e) {
    return { start: null, error: { kind: "import", error: shownImportError(e) } };
  }
}

export function AnalysisBoard({ query }: { query: string }) {
  const parsed = useMemo(() => parseStart(query), [query]);
  const t = useTranslations("analysisBoard");
  const importErrorText = useImportErrorText();
  if (!parsed.start)
    return (
      <div className="card mx-auto max-w-md p-6 text-center" data-testid="load-error">
        <h1 className="mb-2 text-xl font-bold">{t("noPosition")}</h1>
        <p className="mb-4 text-muted">
          {parsed.error?.kind === "import"
            ? importErrorText(parsed.error.error)
            : parsed.error && t(`treeError.${parsed.error.error.code}`, parsed.error.error.params)}
        </p>
        <Link href="/analysis" className="btn-primary">
          {t("emptyBoard")}
        </Link>
      </div>
    );
  return <Explorer start={parsed.start} />;
}

function Explorer({ start }: { start: Start }) {
  const [tree] = useState(() => start.tree ?? new VariationTree(start.moves));
  const [, setVersion] = useState(0); // the tree mutates in place: bump to re-render
  // The line given (up to `ply` of it), found in the tree (a shared tree holds it among its variations).
  const [at, setAt] = useState(() => nodeOfLine(tree, start.moves.slice(0, start.ply ?? start.moves.length)));
  const [running, setRunning] = useState(true);
  const t = useTranslations("analysisBoard");
  const rules = useRuleWords();
  const first = sideToMove(start.opening);
  const path = tree.path(at);

  // The position shown, and whether the game is already over there.
  const shown = useMemo(() => {
    const r = replay(start.size, start.rule, start.opening, path, first);
    const position: Position = r.position;
    const over = r.outcome.winner !== null || r.outcome.full;
    // Renju: black's forbidden points here (marked ×, and not playable).
    const forbidden = start.rule === "renju" && !over && position.toMove === 1 ? forbiddenPoints(start.size, cellsOf(start.size, position.stones)) : [];
    return { position, over, outcome: r.outcome, forbidden };
    // path is derived from `at` (the tree only grows).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [at, start]);

  const engine = useLocalEngine(shown.over ? null : shown.position, running);
  useLineInAddress(start, path, at, tree);

  // A click on black's forbidden point is refused with the reason, as on a game's page.
  const errorText = useErrorText();
  const [refusal, setRefusal] = useState<{ at: number; text: string } | null>(null);
  const play = useCallback(
    (p: Point) => {
      if (shown.over) return;
      const f = shown.forbidden.find((q) => q.x === p.x && q.y === p.y);
      if (f) {
        setRefusal({ at, text: errorText({ code: "FORBIDDEN", message: "Forbidden for black.", forbidden: f.reason }) });
        return;
      }
      const id = tree.add(at, p);
      setVersion((v) => v + 1);
      setAt(id);
    },
    [at, shown.over, shown.forbidden, tree, errorText],
  );
  useStepKeys(tree, setAt);

  const stones: BoardStone[] = [
    ...start.opening.map((s) => ({ ...s })),
    ...path.map((m, i) => ({ ...m, color: (i % 2 === 0 ? first : first === 1 ? 2 : 1) as 1 | 2, n: i + 1 })),
  ];
  const toMove = shown.position.toMove;
  const titles = useTranslations("common.titles");
  const p = engine.progress;

  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]" data-testid="analysis">
      <h1 className="sr-only">{titles("analysis")}</h1>
      <div className="card p-3 sm:p-4">
        <Board
          size={start.size}
          stones={stones}
          lastMove={path.at(-1) ?? null}
          winLine={shown.outcome.line}
          previewColor={shown.over ? null : toMove}
          onPlay={play}
          pv={!shown.over && p ? p.pv : null}
          pvFirstColor={toMove}
          forbidden={shown.forbidden}
        />
        {refusal?.at === at && (
          <p role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-semibold text-red-800" data-testid="an-refusal">
            {refusal.text}
          </p>
        )}
        <StepButtons tree={tree} plies={path.length} setAt={setAt} />
      </div>
      <aside className="space-y-4">
        <EnginePanel
          engine={engine}
          running={running}
          onToggle={() => setRunning((r) => !r)}
          over={shown.over}
          outcome={shown.outcome}
          toMove={toMove}
          size={start.size}
        />
        <section className="card p-4" aria-labelledby="moves-h">
          <h2 id="moves-h" className="mb-2 font-bold">
            {t("moves")} <span className="text-xs font-normal text-muted">{t("movesHint")}</span>
          </h2>
          <MoveTree tree={tree} size={start.size} at={at} onGo={setAt} />
        </section>
        <p className="text-xs text-muted">
          {start.size}×{start.size} · {rules.text(start.rule)} · {t("share")}
        </p>
        <TreeExport tree={tree} start={start} path={path} />
        <NewBoardForm size={start.size} rule={start.rule} />
      </aside>
    </div>
  );
}
