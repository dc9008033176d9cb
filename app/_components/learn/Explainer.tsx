"use client";
// /learn: minimax, alpha-beta and expectimax stepped through on game trees. The steps come from
// engine/lecture's own algorithms (their traces, via lib/client/learn/steps); this component only draws them.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { say, type Msg } from "@/lib/client/learn/say";
import { Icon } from "@/app/_components/Icon";
import type { PlayerKind } from "@/engine";
import { ALGORITHMS, type Algorithm, type StepKind, buildSteps, nameOf, nodeCounts, snapshotAt } from "@/lib/client/learn/steps";
import {
  type LearnTree,
  type PresetId,
  PRESETS,
  addChild,
  countNodes,
  deleteNode,
  fmt,
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
import { TreeView, KIND_COLOR } from "./TreeView";
import { TreeEditor } from "./TreeEditor";

type Order = "given" | "best" | "worst";
const SPEEDS = [
  { ms: 1400, label: "slow" },
  { ms: 800, label: "normal" },
  { ms: 350, label: "fast" },
] as const;

/** A step message (lib/client/learn/say) in the reader's language. */
function useSay(): (m: Msg | string | number) => string {
  const t = useTranslations("learn.steps");
  return useCallback((m: Msg | string | number) => (typeof m === "object" ? say((k, v) => t(k, v), m) : String(m)), [t]);
}

export function Explainer() {
  const [base, setBase] = useState<LearnTree>(() => preset("aima"));
  const [source, setSource] = useState<PresetId | "custom">("aima");
  const [order, setOrder] = useState<Order>("given");
  const [algorithm, setAlgorithm] = useState<Algorithm>("alphabeta");
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(800);
  const [selected, setSelected] = useState<string | null>(null);
  const [textVersion, setTextVersion] = useState(0); // bumps when the tree changes other than by typing
  const [ready, setReady] = useState(false); // hydrated: controls respond (tests wait for it)
  useEffect(() => setReady(true), []);
  const t = useTranslations("learn");
  const sayIt = useSay();

  const tree = useMemo(() => (order === "given" ? base : sortTree(base, order)), [base, order]);
  const chance = hasChance(tree.root);
  const algo: Algorithm = chance ? "expectimax" : algorithm;
  const minAsChanceMode = algo === "expectimax" && !chance;
  const searchRoot = useMemo(() => (minAsChanceMode ? minAsChance(tree.root) : tree.root), [tree, minAsChanceMode]);
  const model = useMemo(() => buildSteps(searchRoot, algo), [searchRoot, algo]);
  const counts = useMemo(() => nodeCounts(tree.root), [tree]);
  const last = model.steps.length - 1;
  const i = Math.min(index, last);
  const snap = useMemo(() => snapshotAt(model, i), [model, i]);
  const layout = useMemo(() => {
    const deep = depthOf(searchRoot) >= 4;
    const leaves = countLeaves(searchRoot);
    return layoutTree(searchRoot, { slot: leaves <= 4 || hasNotes(searchRoot) ? 100 : 72, level: deep ? 92 : 104, pad: 50 });
  }, [searchRoot]);
  const atEnd = i === last;

  // When the tree or algorithm changes: stay at the end if we were there, else start over.
  const wasAtEnd = useRef(false);
  wasAtEnd.current = atEnd && last > 0;
  const changeModel = useCallback((f: () => void, mayKeepEnd = true) => {
    const keepEnd = mayKeepEnd && wasAtEnd.current;
    f();
    setPlaying(false);
    setIndex(keepEnd ? Number.MAX_SAFE_INTEGER : 0);
  }, []);

  const lastRef = useRef(last);
  lastRef.current = last;
  const go = useCallback((f: (n: number) => number) => {
    setIndex((n) => Math.max(0, Math.min(lastRef.current, f(Math.min(n, lastRef.current)))));
  }, []);

  // ← / → step, Home / End jump; not while typing in a field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.closest("input, textarea, select, [contenteditable=true]") || e.altKey || e.ctrlKey || e.metaKey)) return;
      if (e.key === "ArrowRight") go((n) => n + 1);
      else if (e.key === "ArrowLeft") go((n) => n - 1);
      else if (e.key === "Home") go(() => 0);
      else if (e.key === "End") go(() => Infinity);
      else return;
      e.preventDefault();
      setPlaying(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [go]);

  useEffect(() => {
    if (!playing) return;
    if (i >= last) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => go((n) => n + 1), speed);
    return () => clearTimeout(t);
  }, [playing, i, last, speed, go]);

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

  // The principal variation at the end: follow each done node's best child from the root.
  const pv = useMemo(() => {
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
  }, [snap, atEnd, algo]);

  const blurb = source === "custom" ? t("customBlurb") : t(`presets.${source}.blurb`);
  const step = snap.step;
  const narration = sayIt(step.narration);
  const cutText = step.kind === "cut" && step.cutText ? sayIt(step.cutText) : null;

  return (
    <div className="space-y-4" data-testid="explainer" data-ready={ready ? "true" : "false"}>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="max-w-3xl text-sm text-muted">{t("intro")}</p>
      </header>

      <section className="card flex flex-wrap items-end gap-x-6 gap-y-3 p-4" aria-label={t("choose")}>
        <Group label={t("treeLabel")}>
          <Segmented
            options={PRESETS.map((p) => ({ id: p.id, label: t(`presets.${p.id}.label`) }))}
            value={source === "custom" ? null : source}
            onChange={(id) => loadPreset(id as PresetId)}
            extra={source === "custom" ? <span className="rounded-md bg-wood/40 px-3 py-1.5 text-sm font-semibold">{t("custom")}</span> : null}
          />
        </Group>
        <Group label={t("algorithm")}>
          <Segmented
            options={ALGORITHMS.map((a) => ({
              id: a.id,
              label: t(`algorithms.${a.id}`),
              disabled: chance && a.id !== "expectimax",
              title: chance && a.id !== "expectimax" ? t("onlyExpectimax") : undefined,
            }))}
            value={algo}
            onChange={(id) => changeModel(() => setAlgorithm(id as Algorithm))}
          />
        </Group>
        <Group label={t("childOrder")}>
          <Segmented
            options={[
              { id: "given", label: t("order.given") },
              { id: "best", label: t("order.best") },
              { id: "worst", label: t("order.worst") },
            ]}
            value={order}
            onChange={(id) => changeModel(() => setOrder(id as Order))}
          />
        </Group>
        <p className="w-full text-sm text-muted" data-testid="tree-blurb">
          {blurb}
          {minAsChanceMode && <span className="ml-1 text-[#1e3a6e]">{t("minAsChance")}</span>}
          {order !== "given" && <span className="ml-1">{t("reordered", { order })}</span>}
        </p>
      </section>

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
            <div className="mb-3 flex min-h-[4.5rem] items-start gap-3" aria-live="polite">
              <StepBadge kind={step.kind} />
              <p className="text-[15px] leading-relaxed" data-testid="narration">
                {cutText && narration.startsWith(cutText) ? (
                  <>
                    <strong className="text-danger">{cutText}</strong> {narration.slice(cutText.length).trimStart()}
                  </>
                ) : (
                  narration
                )}
              </p>
            </div>
            <Controls
              i={i}
              last={last}
              playing={playing}
              speed={speed}
              onSpeed={setSpeed}
              onReset={() => {
                setPlaying(false);
                go(() => 0);
              }}
              onBack={() => {
                setPlaying(false);
                go((n) => n - 1);
              }}
              onForward={() => {
                setPlaying(false);
                go((n) => n + 1);
              }}
              onEnd={() => {
                setPlaying(false);
                go(() => Infinity);
              }}
              onPlay={() => {
                if (atEnd) go(() => 0);
                setPlaying((p) => !p);
              }}
              onSlide={(n) => {
                setPlaying(false);
                go(() => n);
              }}
            />
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

// ---------- pieces ----------

function hasNotes(n: LearnTree["root"]): boolean {
  return n.stonesLeft !== undefined || n.children.some(hasNotes);
}

function countLeaves(n: LearnTree["root"]): number {
  return n.children.length ? n.children.reduce((t, c) => t + countLeaves(c), 0) : 1;
}

const ICONS = {
  first: "M6 5v14M18 6l-8 6 8 6z",
  last: "M18 5v14M6 6l8 6-8 6z",
  back: "M16 6l-8 6 8 6z",
  forward: "M8 6l8 6-8 6z",
};

function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <span className="field-label">{label}</span>
      {children}
    </div>
  );
}

function Segmented({
  options,
  value,
  onChange,
  extra,
}: {
  options: Array<{ id: string; label: string; disabled?: boolean; title?: string }>;
  value: string | null;
  onChange: (id: string) => void;
  extra?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1 rounded-lg border border-line bg-white/70 p-1">
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          aria-pressed={value === o.id}
          disabled={o.disabled}
          title={o.title}
          onClick={() => onChange(o.id)}
          className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-40 ${
            value === o.id ? "bg-accent text-white shadow-sm" : "text-ink hover:bg-wood/25"
          }`}
        >
          {o.label}
        </button>
      ))}
      {extra}
    </div>
  );
}

const BADGES: Record<StepKind, string> = {
  start: "bg-line text-ink",
  enter: "bg-[#fbe9c6] text-[#7a4d00]",
  leaf: "bg-white text-ink border border-line",
  backup: "bg-[#e6f0d8] text-[#2f4f14]",
  cut: "bg-danger text-white",
  exit: "bg-[#e1e9f7] text-[#1e3a6e]",
};

function StepBadge({ kind }: { kind: StepKind }) {
  const t = useTranslations("learn.badges");
  return (
    <span className={`mt-0.5 shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase ${BADGES[kind]}`} data-testid="step-kind">
      {t(kind)}
    </span>
  );
}

function Controls(p: {
  i: number;
  last: number;
  playing: boolean;
  speed: number;
  onSpeed: (ms: number) => void;
  onReset: () => void;
  onBack: () => void;
  onForward: () => void;
  onEnd: () => void;
  onPlay: () => void;
  onSlide: (n: number) => void;
}) {
  const iconBtn = "btn-ghost !px-3 !py-1.5 min-w-10 text-base leading-none";
  const t = useTranslations("learn.controls");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className={iconBtn} onClick={p.onReset} disabled={p.i === 0} aria-label={t("reset")} title={t("resetTitle")}>
        <Icon d={ICONS.first} />
      </button>
      <button type="button" className={iconBtn} onClick={p.onBack} disabled={p.i === 0} aria-label={t("back")} title={t("backTitle")}>
        <Icon d={ICONS.back} />
      </button>
      <button type="button" className="btn-primary !py-1.5 min-w-24" onClick={p.onPlay} aria-label={p.playing ? t("pause") : t("play")} data-testid="play">
        {p.playing ? (
          <>
            <Icon d="M7 5h3v14H7zM14 5h3v14h-3z" /> {t("pause")}
          </>
        ) : (
          <>
            <Icon d={ICONS.forward} /> {t("play")}
          </>
        )}
      </button>
      <button type="button" className={iconBtn} onClick={p.onForward} disabled={p.i === p.last} aria-label={t("forward")} title={t("forwardTitle")}>
        <Icon d={ICONS.forward} />
      </button>
      <button type="button" className={iconBtn} onClick={p.onEnd} disabled={p.i === p.last} aria-label={t("end")} title={t("endTitle")}>
        <Icon d={ICONS.last} />
      </button>
      <input
        type="range"
        min={0}
        max={p.last}
        value={p.i}
        onChange={(e) => p.onSlide(Number(e.target.value))}
        aria-label={t("step")}
        className="mx-1 min-w-32 flex-1 accent-[#5b8a2f]"
      />
      <span className="w-24 text-right text-sm text-muted tabular-nums" data-testid="step-counter">
        {t("counter", { i: p.i, last: p.last })}
      </span>
      <select className="select !w-auto !py-1" value={p.speed} onChange={(e) => p.onSpeed(Number(e.target.value))} aria-label={t("speed")}>
        {SPEEDS.map((s) => (
          <option key={s.ms} value={s.ms}>
            {t(s.label)}
          </option>
        ))}
      </select>
      <p className="w-full text-xs text-muted">{t("keys")}</p>
    </div>
  );
}

function Legend({ algo }: { algo: Algorithm }) {
  const t = useTranslations("learn.legend");
  const item = (glyph: ReactNode, text: string) => (
    <span className="inline-flex items-center gap-1.5">
      <svg width="18" height="16" viewBox="0 0 18 16" aria-hidden="true">
        {glyph}
      </svg>
      {text}
    </span>
  );
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1 px-4 pb-3 text-xs text-muted">
      {item(<polygon points="9,1 17,14 1,14" fill={KIND_COLOR.MAX.fill} stroke={KIND_COLOR.MAX.stroke} strokeWidth="1.5" />, t("max"))}
      {item(<polygon points="1,2 17,2 9,15" fill={KIND_COLOR.MIN.fill} stroke={KIND_COLOR.MIN.stroke} strokeWidth="1.5" />, t("min"))}
      {item(<circle cx="9" cy="8" r="6.5" fill={KIND_COLOR.CHANCE.fill} stroke={KIND_COLOR.CHANCE.stroke} strokeWidth="1.5" />, t("chance"))}
      {item(<rect x="2" y="3" width="14" height="10" rx="2" fill="#fff" stroke="#8a7d6a" strokeWidth="1.5" />, t("leaf"))}
      {item(<circle cx="9" cy="8" r="6" fill="none" stroke="#e09a12" strokeWidth="2.5" />, t("current"))}
      {item(<line x1="1" y1="8" x2="17" y2="8" stroke="#6d5f4c" strokeWidth="2" />, t("searched"))}
      {algo === "alphabeta" && item(<line x1="1" y1="8" x2="17" y2="8" stroke="#b9b0a2" strokeWidth="2" strokeDasharray="4 3" />, t("pruned"))}
      <span className="inline-flex items-center gap-1.5">
        <i className="not-italic font-bold italic">7</i> = {t("bestSoFar")}
      </span>
      {algo === "alphabeta" && <span>≤2 / ≥13 = {t("boundOnly")}</span>}
    </div>
  );
}

function ResultCard({ atEnd, value, visited, total }: { atEnd: boolean; value: number; visited: number; total: number }) {
  const t = useTranslations("learn.cards");
  return (
    <div className="card flex items-center justify-between gap-3 p-4">
      <div>
        <div className="field-label">{t("rootValue")}</div>
        <div className="text-3xl font-bold tabular-nums" data-testid="root-value" data-final={atEnd ? "true" : "false"}>
          {atEnd ? fmt(value) : "?"}
        </div>
        {!atEnd && <div className="text-xs text-muted">{t("stepToEnd")}</div>}
      </div>
      <div className="text-right">
        <div className="field-label">{t("visited")}</div>
        <div className="text-xl font-semibold tabular-nums" data-testid="visited">
          {visited} <span className="text-sm font-normal text-muted">{t("of", { total })}</span>
        </div>
      </div>
    </div>
  );
}

function CountsCard({
  counts,
  algo,
  chance,
  expectimaxNodes,
  order,
}: {
  counts: ReturnType<typeof nodeCounts>;
  algo: Algorithm;
  chance: boolean;
  expectimaxNodes: number;
  order: Order;
}) {
  const t = useTranslations("learn.cards");
  if (chance || counts.minimax === undefined || counts.alphabeta === undefined) {
    return (
      <div className="card p-4 text-sm">
        <div className="field-label">{t("nodesVisited")}</div>
        <p>{t.rich("expectimaxCount", { n: expectimaxNodes, strong: (chunks) => <strong data-testid="count-expectimax">{chunks}</strong> })}</p>
      </div>
    );
  }
  const mm = counts.minimax;
  const ab = counts.alphabeta;
  const saved = mm - ab;
  const bar = (n: number, color: string) => (
    <div className="h-2.5 rounded-full bg-line/70">
      <div className="h-2.5 rounded-full" style={{ width: `${(100 * n) / mm}%`, background: color }} />
    </div>
  );
  return (
    <div className="card space-y-2.5 p-4 text-sm">
      <div className="field-label">{t("nodesOnTree", { order })}</div>
      <div>
        <div className="flex justify-between">
          <span className={algo === "minimax" ? "font-semibold" : ""}>{t("minimax")}</span>
          <strong className="tabular-nums" data-testid="count-minimax">
            {mm}
          </strong>
        </div>
        {bar(mm, "#8a7d6a")}
      </div>
      <div>
        <div className="flex justify-between">
          <span className={algo === "alphabeta" ? "font-semibold" : ""}>{t("alphabeta")}</span>
          <strong className="tabular-nums" data-testid="count-alphabeta">
            {ab}
          </strong>
        </div>
        {bar(ab, "#5b8a2f")}
      </div>
      <p className="text-xs text-muted">{saved > 0 ? t("skips", { saved, pct: Math.round((100 * saved) / mm) }) : t("noCuts")}</p>
    </div>
  );
}

function PathCard({ snap, root, algo }: { snap: ReturnType<typeof snapshotAt>; root: LearnTree["root"]; algo: Algorithm }) {
  const rows = snap.stack.filter((p) => nodeAtPath(root, p)?.kind !== "LEAF");
  const t = useTranslations("learn.cards");
  const sayIt = useSay();
  return (
    <div className="card p-4 text-sm">
      <div className="field-label">{algo === "alphabeta" ? t("pathWindows") : t("path")}</div>
      {rows.length === 0 ? (
        <p className="text-muted">{snap.step.kind === "start" ? t("notStarted") : t("finished")}</p>
      ) : (
        <ol className="space-y-1" data-testid="path">
          {rows.map((p) => {
            const n = nodeAtPath(root, p)!;
            const v = snap.nodes.get(pathKey(p));
            const c = KIND_COLOR[n.kind];
            return (
              <li key={pathKey(p)} className="flex items-center gap-2 font-mono text-[13px]" data-path={pathKey(p)}>
                <span className="w-7 font-sans font-bold" style={{ color: c.stroke }}>
                  {sayIt(nameOf(n))}
                </span>
                <span className="w-14 font-sans text-xs text-muted">{n.kind === "CHANCE" ? t("chance") : n.kind}</span>
                {algo === "alphabeta" && v?.alpha !== undefined ? (
                  <span>
                    α <span data-testid="path-alpha">{fmt(v.alpha)}</span>, β <span data-testid="path-beta">{fmt(v.beta!)}</span>
                  </span>
                ) : (
                  <span className="text-muted">{v?.running !== undefined ? `${n.kind === "CHANCE" ? "Σ" : t("best")} ${fmt(v.running)}` : "…"}</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

function CutsCard({ cuts, total }: { cuts: ReturnType<typeof snapshotAt>["cuts"]; total: number }) {
  const t = useTranslations("learn.cards");
  const sayIt = useSay();
  return (
    <div className="card p-4 text-sm">
      <div className="field-label">{t("cutoffs", { n: cuts.length, total })}</div>
      {cuts.length === 0 ? (
        <p className="text-muted">{total === 0 ? t("nothingToPrune") : t("noneYet")}</p>
      ) : (
        <ul className="space-y-2" data-testid="cuts">
          {cuts.map((c) => (
            <li key={pathKey(c.path)} className="rounded-md border-l-4 border-danger bg-danger/5 py-1 pr-1 pl-2 leading-snug">
              {sayIt(c.text)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The tree's box: it scrolls sideways when the tree is wider (a phone), and then says so. */
function TreeScroller({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [wider, setWider] = useState(false);
  const t = useTranslations("learn.tree");
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const check = () => setWider(el.scrollWidth > el.clientWidth + 1);
    check();
    const watch = new ResizeObserver(check);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    return () => watch.disconnect();
  }, []);
  return (
    <>
      <div ref={box} className="overflow-x-auto px-2 pt-3" data-testid="tree-box">
        {children}
      </div>
      {wider && (
        <p className="px-3 pt-1 text-xs text-muted" data-testid="tree-scroll-hint">
          ↔ {t("scrollHint")}
        </p>
      )}
    </>
  );
}
