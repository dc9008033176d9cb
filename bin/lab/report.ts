// How moves and the engine's numbers are written in the terminal, in the reader's language.
import type { Analysis, Color, Point, RootScore, Score } from "../../engine/types";
import { toLabel } from "../../lib/shared/notation";
import { padEndDisplay, displayWidth } from "../cli/width";
import { type LabText, english } from "./i18n";

/** "f7 (lab 4,5)": the label and the lab's 0-based row,col. */
export function pointName(p: Point, size: number, text: LabText = english()): string {
  return text.t("turn.point", { label: toLabel(p, size), row: p.y, col: p.x });
}

const samePoint = (a: Point, b: Point) => a.x === b.x && a.y === b.y;

/** Root candidates, best first, wrapped a few per line: "f7 +35   g5 +20   h6 ≤-40 …" (≤: an upper bound), padded by display width. */
export function formatRootScores(scores: readonly RootScore[], size: number, perLine = 8, text: LabText = english()): string[] {
  const cells = scores.map((r) => `${toLabel(r.move, size)} ${r.bound ? "≤" : ""}${text.score(r.score)}`);
  const width = Math.max(0, ...cells.map(displayWidth));
  const lines: string[] = [];
  for (let i = 0; i < cells.length; i += perLine)
    lines.push(
      cells
        .slice(i, i + perLine)
        .map((c) => padEndDisplay(c, width))
        .join("  ")
        .trimEnd(),
    );
  return lines;
}

/** The computer's move: score, depth, nodes, time, PV and the score of every root candidate. */
export function formatComputerMove(a: Analysis, color: Color, size: number, text: LabText = english()): string[] {
  const out = [
    text.t("report.computer", { score: text.score(a.score), depth: a.depth, nodes: a.nodes, ms: Math.round(a.timeMs) }),
    text.t("report.pv", { pv: a.pv.length ? a.pv.map((p) => toLabel(p, size)).join(" ") : text.t("report.pvNone") }),
  ];
  if (a.rootScores.length) {
    out.push(text.t("report.candidates", { count: a.rootScores.length, stone: text.stone(color) }));
    for (const line of formatRootScores(a.rootScores, size, 8, text)) out.push(`    ${line}`);
  }
  return out;
}

export interface HumanMoveScore {
  score: Score;
  /** Where the move stood among the root candidates of the analysis before it (1 = the engine's choice). */
  rank?: number;
  of?: number;
  best?: RootScore;
  /** "candidate": looked up in the analysis of the position before the move; "search": a search after it. */
  source: "candidate" | "search" | "end";
}

/** Finds the human's move among an analysis's root candidates. */
export function lookUpCandidate(a: Analysis, move: Point): HumanMoveScore | null {
  const i = a.rootScores.findIndex((r) => samePoint(r.move, move));
  if (i < 0) return null;
  return { score: a.rootScores[i].score, rank: i + 1, of: a.rootScores.length, best: a.rootScores[0], source: "candidate" };
}

export function formatHumanMove(h: HumanMoveScore, size: number, text: LabText = english()): string {
  let line = text.t("report.human", { score: text.score(h.score) });
  if (h.source === "candidate" && h.best && h.rank !== undefined) {
    line +=
      h.rank === 1
        ? text.t("report.humanBest", { count: h.of ?? 0 })
        : text.t("report.humanRank", { rank: h.rank, count: h.of ?? 0, best: toLabel(h.best.move, size), bestScore: text.score(h.best.score) });
  } else if (h.source === "search") {
    line += text.t("report.humanSearch");
  }
  return line;
}
