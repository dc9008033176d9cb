// The game loop: who plays x, then alternate human and computer moves until five in a row or a full board.
import { cellsOf, labOpening, winningLine } from "../../engine/rules";
import { playLevel } from "../../engine/levels/play-level";
import { type Analysis, type Color, type Limits, type Point, type Position, type Rule, type Score, type Stone, other } from "../../engine/types";
import { agreeingScores, scoreFromReply } from "../../lib/shared/scores";
import { toLabel } from "../../lib/shared/notation";
import { type LabOptions, parseFirst } from "./args";
import { renderBoard } from "./board";
import { formatsHelp, parseMoveInput } from "./input";
import type { LineSource } from "./lines";
import { type LabText, english } from "./i18n";
import { type HumanMoveScore, formatComputerMove, formatHumanMove, lookUpCandidate, pointName } from "./report";

export type Think = (position: Position, limits: Limits) => Analysis;

export interface LabIO {
  lines: LineSource;
  write(text: string): void;
  /** Repeat what was read after the prompt: piped input is not echoed by a terminal. */
  echo: boolean;
  /** The language of everything written; English when not given. */
  text?: LabText;
}

const RULE: Rule = "freestyle"; // the lab's rule: five or more in a row wins

/** Search limits: --depth alone is deterministic; a time applies when given or when there is no depth. */
export function limitsFor(o: LabOptions, share = 1): Limits {
  const limits: Limits = {};
  if (o.maxDepth !== undefined) limits.maxDepth = o.maxDepth;
  if (o.timeGiven || o.maxDepth === undefined) limits.timeMs = Math.max(50, Math.round(o.timeMs * share));
  return limits;
}

/** Plays one game; resolves to the process exit code. */
export async function playLab(o: LabOptions, io: LabIO, think: Think): Promise<number> {
  const text = io.text ?? english();
  const { t } = text;
  const say = (line = "") => io.write(line + "\n");
  const ask = async (prompt: string): Promise<string | null> => {
    io.write(prompt);
    const line = await io.lines.next();
    if (line !== null && io.echo) io.write(line + "\n");
    return line;
  };
  const size = o.size;
  const stones: Stone[] = o.opening ? labOpening(size) : [];
  const cells = cellsOf(size, stones);
  let toMove: Color = 1; // x moves first, with or without the opening (it has two stones of each)
  let last: Point | null = null;
  const position = (): Position => ({ size, rule: RULE, stones: [...stones], toMove });
  const ended = () => {
    say();
    say(t("end.inputEnded", { moves: stones.length - (o.opening ? 4 : 0) }));
    return 0;
  };

  let first = o.first ?? null;
  while (!first) {
    const answer = await ask(t("first.ask"));
    if (answer === null) return ended();
    first = parseFirst(answer);
    if (!first) say(t("first.again"));
  }
  const human: Color = first === "human" ? 1 : 2;
  const who = (c: Color) => t(c === human ? "who.you" : "who.computer", { stone: text.stone(c) });

  say();
  say(t("intro.setup", { size, opening: o.opening ? "lab" : "empty", human: human === 1 ? "black" : "white" }));
  say(formatsHelp(size, text));
  const legend = t("intro.legend"); // none in English: its board is the lab's own
  if (legend) say(legend);
  say();
  say(renderBoard(size, stones, last, text.board));

  const place = (p: Point, color: Color) => {
    stones.push({ x: p.x, y: p.y, color });
    cells[p.y * size + p.x] = color;
    last = p;
  };

  // The score shown for the move before: each move's agrees with it (lib/shared/scores: after a win in
  // N, a loss in N−1 at most, whatever the next search saw).
  let shown: Score | null = null;
  for (;;) {
    const color = toMove;
    say();
    let move: Point;
    if (color === human) {
      let input: Point | null = null;
      while (!input) {
        const line = await ask(t("turn.ask", { stone: text.stone(color) }));
        if (line === null) return ended();
        const parsed = parseMoveInput(line, size, cells, text);
        if (parsed.kind === "quit") {
          say(t("turn.quit"));
          return 0;
        }
        if (parsed.kind === "help") say(formatsHelp(size, text));
        else if (parsed.kind === "error") say(parsed.message);
        else input = parsed.point;
      }
      move = input;
      const before = position();
      place(move, color);
      say(t("turn.plays", { who: who(color), point: pointName(move, size, text) }));
      const h = scoreHumanMove(before, move, o, think, cells);
      shown = agree(shown, h.score);
      say(formatHumanMove({ ...h, score: shown }, size, text));
    } else {
      say(t("turn.thinking", { who: who(color) }));
      // A level (engine/levels) chooses its own move; the scores shown are its search's, as for full strength.
      const a = o.level ? playLevel(position(), o.level, { timeMs: o.timeMs }) : think(position(), limitsFor(o));
      if (!a.move || cells[a.move.y * size + a.move.x] !== 0) {
        say(a.move ? t("turn.engineOccupied", { label: toLabel(a.move, size) }) : t("turn.engineNone"));
        return 1;
      }
      move = a.move;
      place(move, color);
      say(t("turn.plays", { who: who(color), point: pointName(move, size, text) }));
      shown = agree(shown, a.score);
      for (const line of formatComputerMove({ ...a, score: shown }, color, size, text)) say(line);
    }
    say(renderBoard(size, stones, last, text.board));

    const line = winningLine(size, RULE, cells, move, color);
    if (line) {
      say();
      say(t("end.win", { who: who(color), line: line.map((p) => toLabel(p, size)).join(" ") }));
      return 0;
    }
    if (stones.length === size * size) {
      say();
      say(t("end.draw"));
      return 0;
    }
    toMove = other(color);
  }
}

/**
 * The score of the human's move: looked up among the root candidates of an analysis of the position
 * before it (a quarter of the computer's time), or, when the engine did not consider it, the score of
 * a short search after it turned round (lib/shared/scores scoreFromReply). `cells` already holds the move.
 */
export function scoreHumanMove(before: Position, move: Point, o: LabOptions, think: Think, cells: Uint8Array): HumanMoveScore {
  const { size, rule, toMove } = before;
  if (winningLine(size, rule, cells, move, toMove)) return { score: { kind: "win", plies: 1 }, source: "end" };
  if (before.stones.length + 1 === size * size) return { score: { kind: "eval", value: 0 }, source: "end" };
  const found = lookUpCandidate(think(before, limitsFor(o, 0.25)), move);
  if (found) return found;
  const after: Position = { size, rule, stones: [...before.stones, { ...move, color: toMove }], toMove: other(toMove) };
  return { score: scoreFromReply(think(after, limitsFor(o, 0.25)).score), source: "search" };
}

/** The score shown for a move after the one shown for the move before (lib/shared/scores agreeingScores, forward). */
function agree(prev: Score | null, cur: Score): Score {
  return agreeingScores([prev, cur])[1] ?? cur;
}
