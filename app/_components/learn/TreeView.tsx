"use client";
// The game tree as SVG: MAX ▲, MIN ▼, chance ○, leaves as boxes; one row per depth. Each node carries
// data-path / data-state (unvisited | open | done | cut) so tests and assistive tech can read the search.
import { memo } from "react";
import { useTranslations } from "next-intl";
import type { NodeView, Snapshot } from "@/lib/client/learn/steps";
import { type DKind, type Layout, type Placed, fmt, fmtProb, pathKey } from "@/lib/client/learn/tree";

export const KIND_COLOR: Record<DKind, { stroke: string; fill: string; text: string }> = {
  MAX: { stroke: "#4f7d27", fill: "#e6f0d8", text: "#2f4f14" },
  MIN: { stroke: "#b3402e", fill: "#f8e0da", text: "#6e2215" },
  CHANCE: { stroke: "#3a63a8", fill: "#e1e9f7", text: "#1e3a6e" },
  LEAF: { stroke: "#8a7d6a", fill: "#ffffff", text: "#2b2620" },
};
const ACTIVE = "#e09a12";
const SELECT = "#3a63a8";

interface Props {
  layout: Layout;
  snap: Snapshot;
  showWindow: boolean;
  selected: string | null;
  onSelect: (path: number[]) => void;
  /** At the last step: the edges of the principal variation, drawn strong. */
  pv: Set<string>;
}

function shape(kind: DKind, x: number, y: number, props: React.SVGProps<SVGElement>) {
  const s = 25;
  switch (kind) {
    case "MAX":
      return (
        <polygon points={`${x},${y - s} ${x - s * 1.05},${y + s * 0.7} ${x + s * 1.05},${y + s * 0.7}`} {...(props as React.SVGProps<SVGPolygonElement>)} />
      );
    case "MIN":
      return (
        <polygon points={`${x - s * 1.05},${y - s * 0.7} ${x + s * 1.05},${y - s * 0.7} ${x},${y + s}`} {...(props as React.SVGProps<SVGPolygonElement>)} />
      );
    case "CHANCE":
      return <circle cx={x} cy={y} r={21} {...(props as React.SVGProps<SVGCircleElement>)} />;
    case "LEAF":
      return <rect x={x - 19} y={y - 15} width={38} height={30} rx={6} {...(props as React.SVGProps<SVGRectElement>)} />;
  }
}

/** Where the value sits inside each shape (the triangles' centroids are off-centre). */
const textDy = (kind: DKind) => (kind === "MAX" ? 10 : kind === "MIN" ? -2 : 5);

function valueText(v: NodeView | undefined, kind: DKind, leafValue: number | undefined): { text: string; tentative: boolean } {
  if (kind === "LEAF") return { text: fmt(leafValue ?? 0), tentative: false };
  if (!v) return { text: "", tentative: false };
  if (v.state === "done" && v.value !== undefined) {
    if (v.bound) return { text: `${v.bound === "upper" ? "≤" : "≥"}${fmt(v.best ?? v.value)}`, tentative: false };
    return { text: fmt(v.value), tentative: false };
  }
  if (v.state === "open" && v.running !== undefined) return { text: fmt(v.running), tentative: true };
  return { text: "", tentative: false };
}

export const TreeView = memo(function TreeView({ layout, snap, showWindow, selected, onSelect, pv }: Props) {
  const activeKey = pathKey(snap.active);
  const childKey = snap.child ? pathKey(snap.child) : null;
  const onPath = new Set(snap.stack.map(pathKey));
  const view = (k: string) => snap.nodes.get(k);
  const maxW = Math.max(layout.width * 1.2, 360);
  const t = useTranslations("learn.tree");

  return (
    <svg
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      className="mx-auto block h-auto w-full select-none"
      style={{ maxWidth: maxW, minWidth: Math.round(layout.width * 0.72) }}
      // A group, not an image: its nodes are buttons (an image's insides are hidden from screen readers).
      role="group"
      aria-label={t("label")}
      data-testid="tree-svg"
    >
      <defs>
        <filter id="learn-glow" x="-50%" y="-50%" width="200%" height="200%">
          <feGaussianBlur stdDeviation="4" />
        </filter>
      </defs>

      {/* Edges first, under the nodes. */}
      {layout.edges.map(({ from, to }) => {
        const v = view(to.key);
        const cut = v?.state === "cut";
        const firstCut = cut && view(from.key)?.state !== "cut"; // the edge where the loop stopped
        const reached = v && v.state !== "unvisited" && !cut;
        const carrying = childKey === to.key && activeKey === from.key;
        const strong = pv.has(to.key);
        const mx = from.x + (to.x - from.x) * 0.6;
        const my = from.y + (to.y - from.y) * 0.6;
        const p = to.node.p;
        const label = from.node.kind === "CHANCE" ? fmtProb(p ?? 1 / from.node.children.length) : to.node.edge;
        return (
          <g key={`e${to.key}`} data-testid="tree-edge" data-to={to.key} data-state={cut ? "cut" : reached ? "visited" : "unvisited"}>
            <line
              x1={from.x}
              y1={from.y}
              x2={to.x}
              y2={to.y}
              stroke={carrying ? ACTIVE : strong ? "#4f7d27" : cut ? "#b9b0a2" : reached ? "#6d5f4c" : "#d3cab9"}
              strokeWidth={carrying ? 4 : strong ? 4 : reached ? 2 : 1.5}
              strokeDasharray={cut ? "6 5" : undefined}
              strokeLinecap="round"
            />
            {firstCut && (
              <g transform={`translate(${from.x + (to.x - from.x) * 0.32} ${from.y + (to.y - from.y) * 0.32})`}>
                <circle r={9} fill="#fffdf8" stroke="#b3402e" strokeWidth={1.5} />
                <path d="M-4,-4 L4,4 M4,-4 L-4,4" stroke="#b3402e" strokeWidth={2} strokeLinecap="round" />
              </g>
            )}
            {label && (
              <g transform={`translate(${mx + (to.x < from.x ? -16 : 16)} ${my})`}>
                <rect x={-17} y={-10} width={34} height={19} rx={9} fill="#fffdf8" stroke={from.node.kind === "CHANCE" ? "#9db1d6" : "#e3dccd"} />
                <text textAnchor="middle" dy={4} fontSize={11} fontWeight={600} fill={from.node.kind === "CHANCE" ? "#1e3a6e" : "#7a6f60"}>
                  {label}
                </text>
              </g>
            )}
          </g>
        );
      })}

      {layout.nodes.map((pl) => (
        <NodeGlyph
          key={pl.key}
          pl={pl}
          v={view(pl.key)}
          active={pl.key === activeKey && snap.step.kind !== "start"}
          onPath={onPath.has(pl.key)}
          showWindow={showWindow}
          selected={selected === pl.key}
          onSelect={onSelect}
        />
      ))}
    </svg>
  );
});

function NodeGlyph({
  pl,
  v,
  active,
  onPath,
  showWindow,
  selected,
  onSelect,
}: {
  pl: Placed;
  v: NodeView | undefined;
  active: boolean;
  onPath: boolean;
  showWindow: boolean;
  selected: boolean;
  onSelect: (p: number[]) => void;
}) {
  const { node, x, y } = pl;
  const kind = node.kind;
  const c = KIND_COLOR[kind];
  const state = v?.state ?? "unvisited";
  const { text, tentative } = valueText(v, kind, node.value);
  const dim = state === "unvisited" ? 0.5 : state === "cut" ? 0.4 : 1;
  const name = node.name;
  const t = useTranslations("learn.tree");
  const label = t("nodeLabel", { name: name || "_", kind, value: text || "_", state });
  const fontSize = text.length > 4 ? 11 : text.length > 2 ? 13 : 15;
  const windowShown = showWindow && onPath && v?.alpha !== undefined && kind !== "LEAF";

  return (
    <g
      data-testid="tree-node"
      data-path={pl.key}
      data-kind={kind}
      data-state={state}
      data-active={active ? "true" : undefined}
      data-value={kind === "LEAF" ? node.value : v?.state === "done" ? v.value : undefined}
      aria-label={label}
      role="button"
      tabIndex={0}
      className="cursor-pointer outline-none focus-visible:outline-3 focus-visible:outline-[var(--focus)]"
      onClick={() => onSelect(pl.path)}
      onKeyDown={(e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          onSelect(pl.path);
        }
      }}
    >
      <title>{label}</title>
      {active && <circle cx={x} cy={y} r={33} fill={ACTIVE} opacity={0.3} filter="url(#learn-glow)" />}
      {active && <circle cx={x} cy={y} r={31} fill="none" stroke={ACTIVE} strokeWidth={2.5} />}
      {selected && <circle cx={x} cy={y} r={36} fill="none" stroke={SELECT} strokeWidth={2} strokeDasharray="4 3" />}
      <g opacity={dim}>
        {shape(kind, x, y, {
          fill: state === "cut" ? "#f1ede5" : c.fill,
          stroke: state === "cut" ? "#a89f90" : c.stroke,
          strokeWidth: onPath || active ? 3 : 2,
          strokeDasharray: state === "cut" ? "4 3" : undefined,
          strokeLinejoin: "round",
        })}
        <text
          x={x}
          y={y + textDy(kind)}
          textAnchor="middle"
          fontSize={fontSize}
          fontWeight={700}
          fontStyle={tentative ? "italic" : undefined}
          fill={state === "cut" ? "#8a8070" : tentative ? "#7a6f60" : c.text}
          style={{ fontVariantNumeric: "tabular-nums" }}
        >
          {text}
        </text>
        {state === "cut" && kind === "LEAF" && <path d={`M${x - 21},${y + 17} L${x + 21},${y - 17}`} stroke="#b3402e" strokeWidth={1.5} opacity={0.7} />}
      </g>
      {name && (
        <text x={x - 31} y={y + (node.stonesLeft !== undefined ? -1 : 4)} textAnchor="end" fontSize={13} fontWeight={700} fill={active ? "#8a5a00" : "#7a6f60"}>
          {name}
        </text>
      )}
      {node.stonesLeft !== undefined && (
        <text x={x - (kind === "LEAF" ? 24 : 31)} y={y + (name ? 13 : 4)} textAnchor="end" fontSize={10.5} fill="#7a6f60" opacity={dim < 1 ? 0.7 : 1}>
          {t("stonesLeft", { n: node.stonesLeft })}
        </text>
      )}
      {windowShown && (
        <g transform={`translate(${x + 30} ${y - 11})`} data-testid="node-window">
          <rect x={-3} y={-10} width={58} height={33} rx={5} fill="#fffdf8" stroke="#e3dccd" opacity={0.95} />
          <text fontSize={11} fontFamily="ui-monospace, Menlo, monospace" fill="#2f4f14" y={1}>
            α {fmt(v!.alpha!)}
          </text>
          <text fontSize={11} fontFamily="ui-monospace, Menlo, monospace" fill="#6e2215" y={16}>
            β {fmt(v!.beta!)}
          </text>
        </g>
      )}
    </g>
  );
}
