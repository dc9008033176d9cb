// How moves and the engine's numbers are written in the terminal.
import { formatScore } from "../../engine/score";
import type { Analysis, Color, Point, RootScore, Score } from "../../engine/types";
import { toLabel } from "../../lib/shared/notation";

export const stoneName = (c: Color) => (c === 1 ? "x" : "o");

/** "f7 (lab 4,5)": the label and the lab's 0-based row,col. */
export function pointName(p: Point, size: number): string {
  return `${toLabel(p, size)} (lab ${p.y},${p.x})`;
}

const samePoint = (a: Point, b: Point) => a.x === b.x && a.y === b.y;

/** Root candidates, best first, wrapped a few per line: "f7 +35   g5 +20 …". */
export function formatRootScores(scores: readonly RootScore[], size: number, perLine = 8): string[] {
  const cells = scores.map((r) => `${toLabel(r.move, size)} ${formatScore(r.score)}`);
  const width = Math.max(0, ...cells.map((c) => c.length));
  const lines: string[] = [];
  for (let i = 0; i < cells.length; i += perLine)
    lines.push(
      cells
        .slice(i, i + perLine)
        .map((c) => c.padEnd(width))
        .join("  ")
        .trimEnd(),
    );
  return lines;
}

/** The computer's move: score, depth, nodes, time, PV and the score of every root candidate. */
export function formatComputerMove(a: Analysis, color: Color, size: number): string[] {
  const out = [
    `  score ${formatScore(a.score)}   depth ${a.depth}   nodes ${a.nodes}   time ${Math.round(a.timeMs)} ms`,
    `  PV: ${a.pv.length ? a.pv.map((p) => toLabel(p, size)).join(" ") : "(none)"}`,
  ];
  if (a.rootScores.length) {
    out.push(`  score of every candidate (${a.rootScores.length}, from ${stoneName(color)}'s side, best first):`);
    for (const line of formatRootScores(a.rootScores, size)) out.push(`    ${line}`);
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

export function formatHumanMove(h: HumanMoveScore, size: number): string {
  let line = `  score of this move: ${formatScore(h.score)}`;
  if (h.source === "candidate" && h.best && h.rank !== undefined) {
    line +=
      h.rank === 1
        ? `   (the engine's choice too, of ${h.of} candidates)`
        : `   (candidate ${h.rank} of ${h.of}; the engine's choice: ${toLabel(h.best.move, size)} ${formatScore(h.best.score)})`;
  } else if (h.source === "search") {
    line += "   (not among the engine's candidates: scored by a short search after it)";
  }
  return line;
}
