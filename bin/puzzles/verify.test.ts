// `npm run puzzles:verify` re-proves puzzles and fails on a bad one: here a puzzle whose first move is
// not the only win (black's open three h8–j8 becomes an open four at either end: g8 and k8 both win in 3).
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PuzzleRecord } from "../../lib/shared/puzzles/puzzle";
import { reprove } from "./prove";

const base = { rule: "freestyle", size: 15, toMove: 1, rating: 1000, source: "test" } as const;
/** Two winning first moves: g8 and k8. */
const twoWins: PuzzleRecord = { ...base, id: "two-wins", black: "h8i8j8", white: "a1a3c1", theme: "vcf", plies: 3, line: ["g8", "f8", "k8"], finish: ["k8"] };

/** A mined one (11×11): f5 makes two fours, f2 ends it. */
const good: PuzzleRecord = {
  ...base,
  id: "one-win",
  size: 11,
  black: "e4e5g4d4f6f4d6d5f3",
  white: "g6h4e6e8g7c4c7d3c6",
  theme: "vcf",
  plies: 3,
  line: ["f5", "f7", "f2"],
  finish: ["f2"],
  rating: 913,
};

const run = (puzzles: PuzzleRecord[]): { code: number; out: string } => {
  const file = join(mkdtempSync(join(tmpdir(), "puzzles-")), "p.ndjson");
  writeFileSync(file, puzzles.map((p) => JSON.stringify(p)).join("\n") + "\n");
  try {
    return { code: 0, out: execFileSync("npx", ["tsx", "bin/puzzles/verify.ts", file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }) };
  } catch (e) {
    const err = e as { status: number; stdout: string };
    return { code: err.status, out: err.stdout };
  }
};

describe("puzzles:verify", () => {
  it("finds the second winning first move", () => {
    expect(reprove(twoWins)).toBe("2 first moves win in 3");
  });

  it("proves a sound puzzle, and exits 1 naming the puzzle with a second winning first move", () => {
    expect(reprove(good)).toBeNull();
    // One run (a verifier process costs seconds of start-up): the sound one passes, the other fails it.
    const bad = run([good, twoWins]);
    expect(bad.code).toBe(1);
    expect(bad.out).toBe("FAIL two-wins: 2 first moves win in 3\n");
  }, 60_000);
});
