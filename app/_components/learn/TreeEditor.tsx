"use client";
// The tree editor: type a nested list (or engine/lecture's JSON tree format) and evaluate it, or
// click a node in the drawing and edit it here (add a child, change a leaf, delete, change its kind).
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import type { PlayerKind } from "@/engine";
import { type DNode, type LearnTree, countNodes, fmt, parseLearnTree } from "@/lib/client/learn/tree";
import { useTreeError } from "./tree-errors";

const MAX_NODES = 250;

/** The examples (their names: the catalogue's learn.editor.examples). */
const EXAMPLES: Array<{ id: string; text: string }> = [
  { id: "threeByThree", text: "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]" },
  { id: "minRoot", text: '{"levels": ["MIN", "MAX"], "tree": [[5, 9], [4, 1], [6]]}' },
  { id: "maxChance", text: '{"levels": ["MAX", "CHANCE"], "tree": [[3, 5], [0, 10], [{"p": "3/4", "node": 2}, {"p": "1/4", "node": 9}]]}' },
  { id: "deeper", text: "[[[5, 6], [7, 4, 5]], [[3]], [[6], [6, 9]], [[7, 5], [9, 8]]]" },
];

/** The editor's own refusal: more nodes than the drawing takes. */
class TooBig extends Error {
  constructor(readonly nodes: number) {
    super(`this tree has ${nodes} nodes`);
  }
}

interface Props {
  tree: LearnTree;
  text: string;
  textVersion: number;
  onApply: (t: LearnTree) => void;
  selected: { path: number[]; node: DNode } | null;
  onAddChild: (p: number[]) => void;
  onDelete: (p: number[]) => void;
  onSetLeaf: (p: number[], v: number) => void;
  onSetKind: (p: number[], k: PlayerKind) => void;
  onDeselect: () => void;
}

export function TreeEditor(props: Props) {
  const { text, textVersion, onApply, selected } = props;
  const [draft, setDraft] = useState(text);
  const [error, setError] = useState<unknown>(null);
  const t = useTranslations("learn.editor");
  const errorText = useTreeError();

  useEffect(() => {
    setDraft(text);
    setError(null);
  }, [text, textVersion]);

  const apply = (src = draft) => {
    try {
      const t = parseLearnTree(src);
      const n = countNodes(t.root);
      if (n > MAX_NODES) throw new TooBig(n);
      setError(null);
      onApply(t);
    } catch (e) {
      setError(e);
    }
  };

  return (
    <section className="card grid gap-5 p-4 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]" aria-labelledby="editor-title">
      <div>
        <h2 id="editor-title" className="mb-1 text-lg font-bold">
          {t("title")}
        </h2>
        <p className="mb-2 text-sm text-muted">
          {t("help")} <code className="text-ink">{'{"min": [...]}'}</code>, <code className="text-ink">{'{"chance": [{"p": "1/3", "node": 5}, ...]}'}</code>.
        </p>
        <label htmlFor="tree-text" className="sr-only">
          {t("tree")}
        </label>
        <textarea
          id="tree-text"
          data-testid="tree-input"
          value={draft}
          spellCheck={false}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              apply();
            }
          }}
          rows={Math.min(8, Math.max(3, draft.split("\n").length + 1))}
          aria-invalid={error !== null ? true : undefined}
          aria-describedby={error !== null ? "tree-error" : undefined}
          className={`w-full rounded-lg border bg-white px-3 py-2 font-mono text-sm leading-relaxed focus:outline-2 focus:outline-offset-1 focus:outline-accent ${
            error !== null ? "border-danger focus:border-danger" : "border-line focus:border-accent"
          }`}
        />
        {error !== null && (
          <p
            id="tree-error"
            role="alert"
            data-testid="tree-error"
            className="mt-2 rounded-md border border-danger/40 bg-danger/5 px-3 py-2 text-sm text-danger"
          >
            {error instanceof TooBig ? t("tooBig", { n: error.nodes, max: MAX_NODES }) : errorText(error)}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button type="button" className="btn-primary" onClick={() => apply()}>
            {t("evaluate")}
          </button>
          <span className="text-xs text-muted">Ctrl+Enter</span>
          <span className="ml-auto text-xs text-muted">{t("try")}</span>
          {EXAMPLES.map((ex) => (
            <button
              key={ex.id}
              type="button"
              className="cursor-pointer rounded-full border border-line bg-white/70 px-2.5 py-1 text-xs font-semibold hover:bg-white"
              onClick={() => {
                setDraft(ex.text);
                apply(ex.text);
              }}
            >
              {t(`examples.${ex.id}`)}
            </button>
          ))}
        </div>
      </div>

      <div className="md:border-l md:border-line md:pl-5">
        <h3 className="mb-2 text-sm font-bold">{t("editByClicking")}</h3>
        {selected ? <Inspector {...props} selected={selected} /> : <p className="text-sm text-muted">{t("clickHelp")}</p>}
      </div>
    </section>
  );
}

function Inspector({ selected, onAddChild, onDelete, onSetLeaf, onSetKind, onDeselect }: Props & { selected: NonNullable<Props["selected"]> }) {
  const { path, node } = selected;
  const isLeaf = node.kind === "LEAF";
  const [value, setValue] = useState(String(node.value ?? 0));
  const pathKey = path.join(",");
  useEffect(() => setValue(String(node.value ?? 0)), [node.value, pathKey]);
  const t = useTranslations("learn.editor");

  const where = path.length === 0 ? t("root") : `[${path.join(",")}]`;
  return (
    <div className="space-y-3 text-sm" data-testid="inspector">
      <p>
        {t.rich("selected", {
          what: isLeaf ? t("leafNamed", { v: fmt(node.value ?? 0) }) : `${node.name ?? "?"} (${node.kind === "CHANCE" ? t("chance") : node.kind})`,
          where,
          strong: (chunks) => <strong>{chunks}</strong>,
          mono: (chunks) => <span className="font-mono">{chunks}</span>,
        })}
        <button type="button" className="ml-2 cursor-pointer text-xs text-muted underline" onClick={onDeselect}>
          {t("clear")}
        </button>
      </p>
      {isLeaf ? (
        <label className="block">
          <span className="field-label">{t("leafValue")}</span>
          <input
            type="number"
            step="any"
            data-testid="leaf-value"
            className="select !w-32"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              const v = Number(e.target.value);
              if (e.target.value.trim() !== "" && Number.isFinite(v)) onSetLeaf(path, v);
            }}
          />
        </label>
      ) : (
        <label className="block">
          <span className="field-label">{t("nodeKind")}</span>
          <select className="select !w-40" value={node.kind} onChange={(e) => onSetKind(path, e.target.value as PlayerKind)}>
            <option value="MAX">MAX ▲</option>
            <option value="MIN">MIN ▼</option>
            <option value="CHANCE">{t("chance")} ○</option>
          </select>
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-ghost !py-1.5" onClick={() => onAddChild(path)}>
          {isLeaf ? t("expand") : t("addChild")}
        </button>
        <button type="button" className="btn-ghost !py-1.5 text-danger" onClick={() => onDelete(path)} disabled={path.length === 0}>
          {t("delete")}
        </button>
      </div>
      {!isLeaf && <p className="text-xs text-muted">{t("newChild")}</p>}
    </div>
  );
}
