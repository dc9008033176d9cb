"use client";
// The analysis board's export: the whole tree as SGF (the game and every variation, main line first:
// lib/shared/sgf-write writeSgfTree) and the line shown as a Piskvork .psq. When the tree is too big
// for the address (lib/client/analysis/tree-link), it says so: the SGF keeps it all.
import { useTranslations } from "next-intl";
import { sideToMove, type Point, type Rule, type Stone } from "@/engine";
import type { VariationTree } from "@/lib/client/analysis/tree";
import { MAX_TREE_NODES } from "@/lib/client/analysis/tree-link";
import { writePsq } from "@/lib/shared/psq";
import { writeSgfTree } from "@/lib/shared/sgf-write";
import { downloadText } from "@/lib/shared/replay/sgf-export";

export function TreeExport({ tree, start, path }: { tree: VariationTree; start: { size: number; rule: Rule; opening: Stone[] }; path: Point[] }) {
  const t = useTranslations("records");
  const sgf = () => {
    const root = { size: start.size, rule: start.rule, opening: start.opening, black: "Black", white: "White", result: null, date: new Date().toISOString() };
    downloadText(writeSgfTree(root, tree, sideToMove(start.opening)), "analysis.sgf", "application/x-go-sgf");
  };
  const psq = () => downloadText(writePsq({ size: start.size, rule: start.rule, opening: start.opening, moves: path }), "analysis.psq");
  return (
    <section className="card p-4" aria-labelledby="an-export-h" data-testid="an-export">
      <h2 id="an-export-h" className="mb-2 text-sm font-bold">
        {t("exportTree")}
      </h2>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-ghost" onClick={sgf} data-testid="an-export-sgf">
          ⬇ {t("treeSgf")}
        </button>
        <button type="button" className="btn-ghost" onClick={psq} data-testid="an-export-psq">
          ⬇ {t("linePsq")}
        </button>
      </div>
      {tree.nodes.length - 1 > MAX_TREE_NODES && (
        <p className="mt-2 text-xs text-muted" data-testid="an-tree-too-big">
          {t("treeTooBig", { max: MAX_TREE_NODES })}
        </p>
      )}
    </section>
  );
}
