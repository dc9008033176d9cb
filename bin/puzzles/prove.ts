// The shipped puzzles' records re-proven (bin/puzzles/verify.ts): the proof itself is the engine's
// (engine/puzzles/prove.ts, the same one the miner and the server's mining use); here the record's
// stones, the line played out with the engine's rules (replayCheck), and the comparison (reprove).
import type { Color, Point, Stone } from "../../engine/types";
import { parseLabel, parseMoveString } from "../../lib/shared/notation";
import { cellsOf, forbiddenReason, winningLine } from "../../engine/rules";
import type { PuzzleRecord } from "../../lib/shared/puzzles/puzzle";
import { prove } from "../../engine/puzzles/prove";

export { MAX_ATTACK_PLIES, NODE_BUDGET, prove, type Proof } from "../../engine/puzzles/prove";

export const stonesOfRecord = (p: Pick<PuzzleRecord, "black" | "white" | "size">): Stone[] => [
  ...parseMoveString(p.black, p.size).map((m) => ({ ...m, color: 1 as Color })),
  ...parseMoveString(p.white, p.size).map((m) => ({ ...m, color: 2 as Color })),
];

/**
 * The line played out with the engine's own rules (engine/rules.ts, not the solver's windows): every
 * move on an empty point, none of black's forbidden under renju, nobody winning before the end, and
 * the attack's last move a five by the rule (or, renju, a four whose every five point is forbidden
 * for black). Null when it holds, else what is wrong.
 */
export function replayCheck(p: PuzzleRecord): string | null {
  const cells = cellsOf(p.size, stonesOfRecord(p));
  let color: Color = p.toMove;
  const moves = p.theme === "defend" ? p.line : [...p.line.slice(0, -1), ...(p.finish.length ? [p.finish[0]] : p.line.slice(-1))];
  for (const [i, label] of moves.entries()) {
    const m = parseLabel(label, p.size);
    if (!m || cells[m.y * p.size + m.x]) return `move ${i + 1} ${label}: not an empty point`;
    if (p.rule === "renju" && color === 1 && forbiddenReason(p.size, cells, m)) return `move ${i + 1} ${label}: forbidden for black`;
    cells[m.y * p.size + m.x] = color;
    const won = winningLine(p.size, p.rule, cells, m, color) !== null;
    const last = i === moves.length - 1;
    if (won && !(last && p.theme !== "defend")) return `move ${i + 1} ${label}: a win before the end`;
    if (last && p.theme !== "defend" && !won) {
      // Renju's unblockable four: the points that would make white's five, all forbidden for black.
      const fives: Point[] = [];
      for (let c = 0; c < cells.length; c++) {
        if (cells[c]) continue;
        const q = { x: c % p.size, y: Math.floor(c / p.size) };
        cells[c] = color;
        if (winningLine(p.size, p.rule, cells, q, color)) fives.push(q);
        cells[c] = 0;
      }
      const blocked = fives.some((q) => !(p.rule === "renju" && color === 2 && forbiddenReason(p.size, cells, q)));
      if (!fives.length || blocked) return `the line ends on ${label} without a win`;
    }
    color = (3 - color) as Color;
  }
  return null;
}

/** The record's proof made again: null when it matches (the verifier), else what differs. */
export function reprove(p: PuzzleRecord): string | null {
  const replayed = replayCheck(p);
  if (replayed) return replayed;
  const proof = prove(p.size, stonesOfRecord(p), p.toMove, p.theme === "defend", p.rule);
  if (typeof proof === "string") return proof;
  if (proof.theme !== p.theme) return `theme ${proof.theme}, not ${p.theme}`;
  if (proof.plies !== p.plies) return `a win in ${proof.plies}, not ${p.plies}`;
  if (proof.line.join(" ") !== p.line.join(" ")) return `the line ${proof.line.join(" ")}, not ${p.line.join(" ")}`;
  if (proof.finish.join(" ") !== p.finish.join(" ")) return `the finishing moves ${proof.finish.join(" ")}, not ${p.finish.join(" ")}`;
  return null;
}
