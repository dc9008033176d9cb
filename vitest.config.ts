import { configDefaults, defineConfig } from "vitest/config";
import path from "node:path";

// Tests that measure how long another player waits (fair AI scheduling, flood limits, the AI's
// answer time): they run after the rest, one file at a time, so the suite's own parallel files
// (a backup under 50 live games, say) are not what they measure. `npm run test:unit` runs both.
const TIMING = ["ai-fair", "ai-priority", "ai-abort", "hva", "ponder", "list-flood"].map((n) => `test/server/${n}.test.ts`);
// The import parsers' growth with the input's size, and the event loop's pauses while hostile files are posted.
TIMING.push("test/imports/linear.test.ts", "test/server/import-stall.test.ts");

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
          exclude: [...configDefaults.exclude, ...TIMING],
        },
      },
      { extends: true, test: { name: "timing", include: TIMING, fileParallelism: false } },
    ],
  },
});
