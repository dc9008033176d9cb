// The game loop: who plays x, then alternate human and computer moves until five in a row or a full board.
import { cellsOf, labOpening, winningLine } from "../../engine/rules";
import { negateScore } from "../../engine/score";
import { type Analysis, type Color, type Limits, type Point, type Position, type Rule, type Stone, other } from "../../engine/types";
import { toLabel } from "../../lib/shared/notation";
import { type LabOptions, parseFirst } from "./args";
import { renderBoard } from "./board";
import { formatsHelp, parseMoveInput } from "./input";
import type { LineSource } from "./lines";
import { type HumanMoveScore, formatComputerMove, formatHumanMove, lookUpCandidate, pointName, stoneName } from "./report";

export type Think = (position: Position, limits: Limits) => Analysis;

export interface LabIO {
  lines: LineSource;
  write(text: string): void;
  /** Repeat what was read after the prompt: piped input is not echoed by a terminal. */
  echo: boolean;
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
  const say = (text = "") => io.write(text + "\n");
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
    say(`Input ended before the game did: stopped after ${stones.length - (o.opening ? 4 : 0)} moves.`);
    return 0;
  };

  let first = o.first ?? null;
  while (!first) {
    const answer = await ask("Human first or computer first? [h/c] ");
    if (answer === null) return ended();
    first = parseFirst(answer);
    if (!first) say('Please answer h (human) or c (computer); "1" and "2" work too.');
  }
  const human: Color = first === "human" ? 1 : 2;
  const who = (c: Color) => `${stoneName(c)} (${c === human ? "you" : "computer"})`;

  say();
  say(
    `${size}×${size}, ${o.opening ? "the lab's opening" : "empty board"}. You play ${stoneName(human)}, the computer ${stoneName(other(human))}; x moves first.`,
  );
  say(formatsHelp(size));
  say();
  say(renderBoard(size, stones, last));

  const place = (p: Point, color: Color) => {
    stones.push({ x: p.x, y: p.y, color });
    cells[p.y * size + p.x] = color;
    last = p;
  };

  for (;;) {
    const color = toMove;
    say();
    let move: Point;
    if (color === human) {
      let input: Point | null = null;
      while (!input) {
        const line = await ask(`Your move (${stoneName(color)}): `);
        if (line === null) return ended();
        const parsed = parseMoveInput(line, size, cells);
        if (parsed.kind === "quit") {
          say("You stopped the game.");
          return 0;
        }
        if (parsed.kind === "help") say(formatsHelp(size));
        else if (parsed.kind === "error") say(parsed.message);
        else input = parsed.point;
      }
      move = input;
      const before = position();
      place(move, color);
      say(`${who(color)} plays ${pointName(move, size)}`);
      say(formatHumanMove(scoreHumanMove(before, move, o, think, cells), size));
    } else {
      say(`${who(color)} is thinking…`);
      const a = think(position(), limitsFor(o));
      if (!a.move || cells[a.move.y * size + a.move.x] !== 0) {
        say(`The engine answered ${a.move ? `an occupied point ${toLabel(a.move, size)}` : "no move"}: stopping.`);
        return 1;
      }
      move = a.move;
      place(move, color);
      say(`${who(color)} plays ${pointName(move, size)}`);
      for (const line of formatComputerMove(a, color, size)) say(line);
    }
    say(renderBoard(size, stones, last));

    const line = winningLine(size, RULE, cells, move, color);
    if (line) {
      say();
      say(`${who(color)} wins: ${line.map((p) => toLabel(p, size)).join(" ")}.`);
      return 0;
    }
    if (stones.length === size * size) {
      say();
      say("Draw: the board is full.");
      return 0;
    }
    toMove = other(color);
  }
}

/**
 * The score of the human's move: looked up among the root candidates of an analysis of the position
 * before it (a quarter of the computer's time), or, when the engine did not consider it, the negated
 * score of a short search after it. `cells` already holds the move.
 */
function scoreHumanMove(before: Position, move: Point, o: LabOptions, think: Think, cells: Uint8Array): HumanMoveScore {
  const { size, rule, toMove } = before;
  if (winningLine(size, rule, cells, move, toMove)) return { score: { kind: "win", plies: 1 }, source: "end" };
  if (before.stones.length + 1 === size * size) return { score: { kind: "eval", value: 0 }, source: "end" };
  const found = lookUpCandidate(think(before, limitsFor(o, 0.25)), move);
  if (found) return found;
  const after: Position = { size, rule, stones: [...before.stones, { ...move, color: toMove }], toMove: other(toMove) };
  return { score: negateScore(think(after, limitsFor(o, 0.25)).score), source: "search" };
}
