// ESLint for the whole repository: typescript-eslint's recommended rules everywhere, plus the one
// typed rule we want (no-floating-promises: a forgotten promise loses its error), and the two
// classic React hooks rules for the code that runs in the browser, and eslint-plugin-regexp's two rules
// against regular expressions that backtrack super-linearly. Formatting belongs to Prettier
// (`npm run format:check`); the import rules between folders are a test
// (test/architecture/imports.test.ts), which also finds import cycles.
import Module from "node:module";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import globals from "globals";

// The project compiles with TypeScript 7 (native `tsc`), which has no JavaScript compiler API.
// typescript-eslint needs one for typed rules, so inside this ESLint process every
// `require("typescript")` gets TypeScript 5.9, installed as the npm alias `typescript-js-api`.
// typescript-eslint is CommonJS, so redirecting CommonJS resolution before loading it is enough.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const redirected = request === "typescript" || request.startsWith("typescript/") ? `typescript-js-api${request.slice("typescript".length)}` : request;
  return resolveFilename.call(this, redirected, ...rest);
};
const { default: tseslint } = await import("typescript-eslint");

const typeScriptFiles = ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"];

export default defineConfig(
  globalIgnores([".next/", "generated/", "data/", "test-results/", "playwright-report/", "next-env.d.ts"]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    // Plain .mjs/.cjs scripts run under Node; in TypeScript files `no-undef` is off (the compiler checks names).
    languageOptions: { globals: { ...globals.node } },
  },

  {
    files: typeScriptFiles,
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // `_`-prefixed names say "unused on purpose" (callbacks with a fixed signature, destructuring to omit a key).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
    },
  },

  {
    // Regular expressions that backtrack super-linearly freeze the event loop on hostile text (issue 25:
    // a 4 KB game file stood the server still for 15 s). Every expression in the tree, tests too.
    plugins: { regexp },
    rules: {
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
    },
  },

  {
    // Tests and the load bench's client processes reach into socket payloads and private state on
    // purpose; `any` there is the established style.
    files: ["test/**", "e2e/**", "bin/load/**", "bin/bench-load.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },

  {
    files: ["app/**/*.tsx", "app/**/*.ts", "lib/client/**/*.ts", "lib/client/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
);
