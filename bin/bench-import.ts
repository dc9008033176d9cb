// npm run bench:import [-- --runs 7 --steps 5]: how long the import parsers take on the hostile files
// of issue 25 (test/support/hostile-imports) at doubling sizes, up to 256 KB: the median of `runs`
// reads at each size, and the growth from the size before (about 2× when the time is linear in the
// size; 4× would be quadratic). The same parse the server runs in its worker thread (importGames).
import { positiveNumbers } from "./cli/args";
import { ImportError } from "../lib/shared/import-errors";
import { MAX_GAMES_PER_FILE } from "../lib/shared/imports";
import { importGames } from "../lib/shared/replay/movetext";
import { HOSTILE_SHAPES } from "../test/support/hostile-imports";

const opts = positiveNumbers(process.argv.slice(2), { runs: 7, steps: 5 });

function readMs(text: string): number {
  const t0 = performance.now();
  try {
    importGames(text, { size: 15, rule: "freestyle", maxGames: MAX_GAMES_PER_FILE });
  } catch (e) {
    if (!(e instanceof ImportError)) throw e;
  }
  return performance.now() - t0;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const shape of HOSTILE_SHAPES) {
  console.log(shape.name);
  let before: number | null = null;
  // The largest size is the shape's 8n (at most 256 KB); each step before it half the size.
  for (let k = Math.round(opts.steps) - 1; k >= 0; k--) {
    const n = Math.max(1, Math.round((8 * shape.n) / 2 ** k));
    const text = shape.make(n);
    readMs(text); // warm-up
    const ms = median(Array.from({ length: Math.round(opts.runs) }, () => readMs(text)));
    const growth = before === null ? "" : `  ×${(ms / Math.max(before, 1e-3)).toFixed(1)}`;
    console.log(`  ${(text.length / 1024).toFixed(1).padStart(6)} KB  ${ms.toFixed(2).padStart(8)} ms${growth}`);
    before = ms;
  }
}
