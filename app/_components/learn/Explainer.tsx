"use client";
// /learn: minimax, alpha-beta and expectimax stepped through on game trees. The steps come from
// engine/lecture's own algorithms (their traces, via lib/client/learn/steps); this component only draws them.
// The parts: ./StepControls (badge, controls, legend), ./Cards, ./Pickers, ./TreeScroller; the step: ./useStepper.
import { useEffect, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import type { PlayerKind } from "@/engine";
import { type Algorithm, buildSteps, nodeCounts, snapshotAt } from "@/lib/client/learn/steps";
import {
  type LearnTree,
  type PresetId,
  addChild,
  countNodes,
  deleteNode,
  hasChance,
  layoutTree,
  depthOf,
  minAsChance,
  nodeAtPath,
  pathKey,
  preset,
  setKind,
  setLeafValue,
  sortTree,
  treeText,
} from "@/lib/client/learn/tree";
import { TreeView } from "./TreeView";
import { TreeEditor } from "./TreeEditor";
import { useStepper } from "./useStepper";
import { Controls, Legend, Narration } from "./StepControls";
import { CountsCard, CutsCard, PathCard, ResultCard, type Order } from "./Cards";
import { Choices } from "./Pickers";
import { TreeScroller } from "./TreeScroller";

export function Explainer() {
  const [base, setBase] = useState<LearnTree>(() => preset("aima"));
  const [source, setSource] = useState<PresetId | "custom">("aima");
  const [order, setOrder] = useState<Order>("given");
  const [algorithm, setAlgorithm] = useState<Algorithm>("alphabeta");
  const [selected, setSelected] = useState<string | null>(null);
  const [textVersion, setTextVersion] = useState(0); // bumps when the tree changes other than by typing
  const [ready, setReady] = useState(false); // hydrated: controls respond (tests wait for it)
  useEffect(() => setReady(true), []);
  const t = useTranslations("learn");

  const tree = useMemo(() => (order === "given" ? base : sortTree(base, order)), [base, order]);
  const chance = hasChance(tree.root);
  const algo: Algorithm = chance ? "expectimax" : algorithm;
  const minAsChanceMode = algo === "expectimax" && !chance;
  const searchRoot = useMemo(() => (minAsChanceMode ? minAsChance(tree.root) : tree.root), [tree, minAsChanceMode]);
  const model = useMemo(() => buildSteps(searchRoot, algo), [searchRoot, algo]);
  const counts = useMemo(() => nodeCounts(tree.root), [tree]);
  const last = model.steps.length - 1;
  const stepper = useStepper(last);
  const { i, atEnd } = stepper;
  const snap = useMemo(() => snapshotAt(model, i), [model, i]);
  const layout = useMemo(() => layoutOf(searchRoot), [searchRoot]);

  const changeModel = (f: () => void, mayKeepEnd = true) => {
    f();
    stepper.restart(mayKeepEnd);
  };

  const loadPreset = (id: PresetId) =>
    changeModel(() => {
      setBase(preset(id));
      setSource(id);
      setOrder("given");
      setSelected(null);
      setTextVersion((v) => v + 1);
    }, false);

  const applyTree = (t: LearnTree, opts: { fromText?: boolean } = {}) =>
    changeModel(() => {
      setBase(t);
      setOrder("given");
      setSource("custom");
      if (!opts.fromText) setTextVersion((v) => v + 1);
    });

  const edit = (f: (t: LearnTree) => LearnTree) => applyTree(f(tree));

  const selPath = selected === null ? null : selected === "" ? [] : selected.split(",").map(Number);
  const selNode = selPath ? nodeAtPath(tree.root, selPath) : undefined;

  const pv = useMemo(() => principalVariation(snap, atEnd, algo), [snap, atEnd, algo]);

  return (
    <div className="space-y-4" data-testid="explainer" data-ready={ready ? "true" : "false"}>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="max-w-3xl text-sm text-muted">{t("intro")}</p>
      </header>

      <Choices
        source={source}
        algo={algo}
        chance={chance}
        minAsChance={minAsChanceMode}
        order={order}
        onPreset={loadPreset}
        onAlgorithm={(id) => changeModel(() => setAlgorithm(id))}
        onOrder={(id) => changeModel(() => setOrder(id))}
      />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_300px]">
        <section className="card overflow-hidden" aria-label={t("search")}>
          <TreeScroller>
            <TreeView
              layout={layout}
              snap={snap}
              showWindow={algo === "alphabeta"}
              selected={selected}
              onSelect={(p) => setSelected((s) => (s === pathKey(p) ? null : pathKey(p)))}
              pv={pv}
            />
          </TreeScroller>
          <Legend algo={algo} />
          <div className="border-t border-line bg-page/60 p-4">
            <Narration step={snap.step} />
            <Controls stepper={stepper} last={last} />
          </div>
        </section>

        <aside className="space-y-4">
          <ResultCard atEnd={atEnd} value={model.value} visited={snap.visited} total={countNodes(searchRoot)} />
          <CountsCard counts={counts} algo={algo} chance={chance || minAsChanceMode} expectimaxNodes={model.nodes} order={order} />
          <PathCard snap={snap} root={searchRoot} algo={algo} />
          {algo === "alphabeta" && <CutsCard cuts={snap.cuts} total={model.cuts.length} />}
        </aside>
      </div>

      <TreeEditor
        tree={tree}
        text={treeText(tree)}
        textVersion={textVersion}
        onApply={(t) => {
          setSelected(null);
          applyTree(t, { fromText: true });
        }}
        selected={selPath && selNode ? { path: selPath, node: selNode } : null}
        onAddChild={(p) => edit((t) => addChild(t, p))}
        onDelete={(p) => {
          setSelected(null);
          edit((t) => deleteNode(t, p));
        }}
        onSetLeaf={(p, v) => edit((t) => setLeafValue(t, p, v))}
        onSetKind={(p, k: PlayerKind) => edit((t) => setKind(t, p, k))}
        onDeselect={() => setSelected(null)}
      />
    </div>
  );
}

/** Where the tree's nodes go: wider slots for a small tree or one with notes, shorter levels for a deep one. */
function layoutOf(root: LearnTree["root"]) {
  const deep = depthOf(root) >= 4;
  const leaves = countLeaves(root);
  return layoutTree(root, { slot: leaves <= 4 || hasNotes(root) ? 100 : 72, level: deep ? 92 : 104, pad: 50 });
}

/** The principal variation at the end: each done node's best child, followed from the root. */
function principalVariation(snap: ReturnType<typeof snapshotAt>, atEnd: boolean, algo: Algorithm): Set<string> {
  const s = new Set<string>();
  if (!atEnd || algo === "expectimax") return s;
  let p: number[] = [];
  for (;;) {
    const v = snap.nodes.get(pathKey(p));
    if (!v || v.bestChild === undefined || v.bound) break;
    p = [...p, v.bestChild];
    s.add(pathKey(p));
  }
  return s;
}

function hasNotes(n: LearnTree["root"]): boolean {
  return n.stonesLeft !== undefined || n.children.some(hasNotes);
}

function countLeaves(n: LearnTree["root"]): number {
  return n.children.length ? n.children.reduce((t, c) => t + countLeaves(c), 0) : 1;
}
