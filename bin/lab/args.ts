// Command-line options of `npm run lab`.
import { MAX_SIZE, MIN_SIZE } from "../../engine/types";
import { readArgs } from "../cli/args";

export interface LabOptions {
  size: number;
  /** Per AI move. Applied only when given or when no --depth is given (a depth alone is deterministic). */
  timeMs: number;
  timeGiven: boolean;
  maxDepth?: number;
  opening: boolean;
  first?: "human" | "computer";
}

export type ParsedArgs = { kind: "run"; options: LabOptions } | { kind: "help" } | { kind: "error"; message: string };

export const USAGE = `Gomoku, as played in the lab: 11×11, four opening stones, x (black) moves first.

usage: npm run lab -- [options]
  --size N                 board size, ${MIN_SIZE}..${MAX_SIZE} (default 11)
  --time MS                thinking time per computer move in ms (default 1000)
  --depth D                cap the search depth (alone: a deterministic search to depth D)
  --no-opening             start from an empty board instead of the lab's four stones
  --first human|computer   who plays x and moves first (otherwise you are asked)
  --help                   this text

Moves: a column letter and a row number from the bottom (f6), or the lab's 0-based row,col (5,5).
Type "quit" to stop.`;

function int(name: string, text: string | undefined, min: number, max: number): number | string {
  if (text === undefined || !/^\d+$/.test(text)) return `${name} needs a whole number, got ${text === undefined ? "nothing" : `"${text}"`}`;
  const n = Number(text);
  return n < min || n > max ? `${name} must be between ${min} and ${max}, got ${n}` : n;
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const options: LabOptions = { size: 11, timeMs: 1000, timeGiven: false, opening: true };
  for (const arg of readArgs(argv, ["size", "time", "depth", "first"], { h: "help" })) {
    switch (arg.name) {
      case "help":
        return { kind: "help" };
      case "no-opening":
        options.opening = false;
        break;
      case "size": {
        const n = int("--size", arg.value, MIN_SIZE, MAX_SIZE);
        if (typeof n === "string") return { kind: "error", message: n };
        options.size = n;
        break;
      }
      case "time": {
        const n = int("--time", arg.value, 1, 3_600_000);
        if (typeof n === "string") return { kind: "error", message: n };
        options.timeMs = n;
        options.timeGiven = true;
        break;
      }
      case "depth": {
        const n = int("--depth", arg.value, 1, 64);
        if (typeof n === "string") return { kind: "error", message: n };
        options.maxDepth = n;
        break;
      }
      case "first": {
        const v = arg.value;
        if (v !== "human" && v !== "computer")
          return { kind: "error", message: `--first is "human" or "computer", got ${v === undefined ? "nothing" : `"${v}"`}` };
        options.first = v;
        break;
      }
      default:
        return { kind: "error", message: `unknown option "${arg.raw}" (see --help)` };
    }
  }
  return { kind: "run", options };
}

/** "h", "human", "1" → human first; "c", "computer", "2" → computer first; anything else null. */
export function parseFirst(answer: string): "human" | "computer" | null {
  const a = answer.trim().toLowerCase();
  if (a === "h" || a === "human" || a === "1") return "human";
  if (a === "c" || a === "computer" || a === "2") return "computer";
  return null;
}
