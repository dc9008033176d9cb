// Re-proves every shipped puzzle (bin/puzzles/prove.ts): the win of the stated length, the first move
// the only one that wins as fast, the same line and finishing moves; a defence's one move. Exit code 1
// when any puzzle fails (each failure printed with its reason), 0 otherwise; counts by theme, size and
// rule and the time per puzzle on stderr.
//   npm run puzzles:verify [-- FILE]   (default prisma/seed/puzzles.ndjson)
//   npm run puzzles:verify -- --db [DATABASE]: the puzzles the server mined from analysed games
//   (lib/server/puzzles/mining), read from the site's database (default DATABASE_URL / DATABASE_FILE).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PuzzleRecord, PuzzleTheme } from "../../lib/shared/puzzles/puzzle";
import type { Color, Rule } from "../../engine/types";
import { openDb } from "../../lib/server/db/client";
import { reprove } from "./prove";

/** The database's mined puzzles as records (their rating now: the proof's starting one is not kept). */
async function minedPuzzles(target: string | undefined): Promise<PuzzleRecord[]> {
  const db = await openDb(...(target ? [target] : []));
  try {
    const rows = await db.puzzle.findMany({ where: { key: { not: null } }, orderBy: { id: "asc" } });
    return rows.map((r) => ({
      id: r.id,
      rule: r.rule as Rule,
      size: r.size,
      toMove: r.toMove as Color,
      black: r.black,
      white: r.white,
      theme: r.theme as PuzzleTheme,
      plies: r.plies,
      line: JSON.parse(r.line) as string[],
      finish: JSON.parse(r.finish) as string[],
      ...(r.threat ? { threat: JSON.parse(r.threat) as string[] } : {}),
      rating: r.rating,
      source: r.source,
    }));
  } finally {
    await db.$disconnect();
  }
}

const db = process.argv.indexOf("--db");
const file = db < 0 ? (process.argv[2] ?? fileURLToPath(new URL("../../prisma/seed/puzzles.ndjson", import.meta.url))) : null;
const puzzles = file
  ? readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as PuzzleRecord)
  : await minedPuzzles(process.argv[db + 1]);

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
