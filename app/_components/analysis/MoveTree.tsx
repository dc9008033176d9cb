"use client";
// The analysis board's moves: the main line in order, and each variation in brackets right after
// the move it replaces, nested as deep as it goes (as lichess writes them).
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { toLabel } from "@/lib/shared/notation";
import type { VariationTree } from "@/lib/client/analysis/tree";

export function MoveTree({ tree, size, at, onGo }: { tree: VariationTree; size: number; at: number; onGo: (id: number) => void }) {
  const move = (id: number) => {
    const n = tree.nodes[id];
    return (
      <button
        key={`m${id}`}
        type="button"
        onClick={() => onGo(id)}
        data-testid={`node-${tree
          .path(id)
          .map((m) => toLabel(m, size))
          .join("-")}`}
        aria-current={id === at ? "true" : undefined}
        className={`rounded px-1 font-mono text-sm ${id === at ? "bg-accent text-white" : "hover:bg-wood/30"}`}
      >
        <span className="text-xs text-muted">{n.depth}.</span>
        {toLabel(n.move!, size)}
      </button>
    );
  };
  /** The line that continues from `id`'s first child, with each fork's variations in brackets. */
  const line = (id: number): ReactNode[] => {
    const out: ReactNode[] = [];
    let cur = id;
    while (tree.nodes[cur].children.length) {
      const [main, ...others] = tree.nodes[cur].children;
      out.push(move(main));
      for (const v of others)
        out.push(
          <span key={`v${v}`} className="mx-0.5 inline-flex flex-wrap items-baseline rounded bg-wood/15 px-1 text-muted" data-testid="variation">
            ( {move(v)}
            {line(v)} )
          </span>,
        );
      cur = main;
    }
    return out;
  };
  const all = line(0);
  const t = useTranslations("analysisBoard");
  return (
    <div className="flex max-h-80 flex-wrap items-baseline gap-0.5 overflow-y-auto" data-testid="move-tree">
      {all.length ? all : <span className="text-sm text-muted">{t("noMoves")}</span>}
    </div>
  );
}
