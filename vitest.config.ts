import { configDefaults, defineConfig } from "vitest/config";
import path from "node:path";

// Three projects, run one after the other by `npm run test:unit`:
// - "unit": files side by side (two at a time even on a 2-core machine: most of them wait on a server,
//   a database or a timer, not on the CPU);
// - "reliability": test/reliability, one file at a time (each starts several server processes on
//   PostgreSQL and Redis: two at once would fight over the cores and their leases);
// - "timing": tests that measure how long another player waits or how long a search overruns (fair AI
//   scheduling, flood limits, the AI's answer time, a blocked event loop), one file at a time, so the
//   suite's own parallel files (a backup under 50 live games, say) are not what they measure.
const TIMING = ["ai-fair", "ai-priority", "ai-abort", "hva", "hva-flow", "ponder", "list-flood", "stall"].map((n) => `test/server/${n}.test.ts`);
// The import parsers' growth with the input's size, and the event loop's pauses while hostile files are posted.
TIMING.push("test/imports/linear.test.ts", "test/server/import-stall.test.ts");
// The engine's hard time limit (overrun ≤ 50 ms): another file's searches on the same core would be what it measures.
TIMING.push("engine/search/timing.test.ts");
const RELIABILITY = ["test/reliability/**/*.test.ts"];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // The tests' own locale: the terminal lab speaks Chinese under LANG=zh_CN.UTF-8 (bin/cli/i18n.ts),
    // and its English tests must pass on a machine set to Chinese too. Tests of the Chinese lab set LANG themselves.
    env: { LC_ALL: "", LC_MESSAGES: "", LANG: "C.UTF-8" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["engine/**/*.test.ts", "lib/**/*.test.ts", "bin/**/*.test.ts", "test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...TIMING, ...RELIABILITY],
          // Vitest's default on 2 cores is one file at a time (cores − 1).
          maxWorkers: Number(process.env.UNIT_WORKERS) || 2,
        },
      },
      { extends: true, test: { name: "reliability", include: RELIABILITY, fileParallelism: false } },
      { extends: true, test: { name: "timing", include: TIMING, fileParallelism: false } },
    ],
  },
});
