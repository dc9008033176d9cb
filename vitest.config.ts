import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["engine/**/*.test.ts", "lib/**/*.test.ts", "bin/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // The tests' own locale: the terminal lab speaks Chinese under LANG=zh_CN.UTF-8 (bin/cli/i18n.ts),
    // and its English tests must pass on a machine set to Chinese too. Tests of the Chinese lab set LANG themselves.
    env: { LC_ALL: "", LC_MESSAGES: "", LANG: "C.UTF-8" },
  },
});
