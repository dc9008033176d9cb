// Re-proves every shipped puzzle (bin/puzzles/prove.ts): the win of the stated length, the first move
// the only one that wins as fast, the same line and finishing moves; a defence's one move. Exit code 1
// when any puzzle fails (each failure printed with its reason), 0 otherwise; counts by theme, size and
// rule and the time per puzzle on stderr.
//   npm run puzzles:verify [-- FILE]   (default prisma/seed/puzzles.ndjson)
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PuzzleRecord } from "../../lib/shared/puzzles/puzzle";
import { reprove } from "./prove";

const file = process.argv[2] ?? fileURLToPath(new URL("../../prisma/seed/puzzles.ndjson", import.meta.url));
const puzzles = readFileSync(file, "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as PuzzleRecord);

const started = performance.now();
let slowest = 0;
const failed: string[] = [];
const counts = new Map<string, number>();
const ids = new Set<string>();
for (const p of puzzles) {
  const t0 = performance.now();
  const why = ids.has(p.id) ? "a second puzzle with this id" : reprove(p);
  ids.add(p.id);
  slowest = Math.max(slowest, performance.now() - t0);
  if (why) {
    failed.push(p.id);
    console.log(`FAIL ${p.id}: ${why}`);
  }
  for (const k of [`theme ${p.theme}`, `size ${p.size}`, `rule ${p.rule}`, `${p.theme} ${p.rule} ${p.size}`]) counts.set(k, (counts.get(k) ?? 0) + 1);
}
const ms = performance.now() - started;
for (const [k, n] of [...counts].sort()) console.error(`${k}: ${n}`);
console.error(
  `${puzzles.length - failed.length}/${puzzles.length} proven in ${(ms / 1000).toFixed(1)} s (${(ms / Math.max(1, puzzles.length)).toFixed(0)} ms a puzzle, slowest ${slowest.toFixed(0)} ms)`,
);
process.exit(failed.length ? 1 : 0);
