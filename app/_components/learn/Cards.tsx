"use client";
// The cards beside the tree: the root's value and the nodes visited, minimax against alpha-beta on
// this tree, the path under search (with alpha-beta's windows), and the cut-offs so far.
import { useTranslations } from "next-intl";
import { type Algorithm, nameOf, nodeCounts, snapshotAt } from "@/lib/client/learn/steps";
import { type LearnTree, fmt, nodeAtPath, pathKey } from "@/lib/client/learn/tree";
import { KIND_COLOR } from "./TreeView";
import { useSay } from "./useSay";

/** The order of a node's children the search sees. */
export type Order = "given" | "best" | "worst";

export function ResultCard({ atEnd, value, visited, total }: { atEnd: boolean; value: number; visited: number; total: number }) {
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

export function CountsCard({
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

export function PathCard({ snap, root, algo }: { snap: ReturnType<typeof snapshotAt>; root: LearnTree["root"]; algo: Algorithm }) {
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

export function CutsCard({ cuts, total }: { cuts: ReturnType<typeof snapshotAt>["cuts"]; total: number }) {
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
