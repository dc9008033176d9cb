// Sizes that keep the house readable (issue 26): no file in lib/ over 400 lines, no function over 120
// lines anywhere in the sources (generated files aside). The few that are over today are listed in
// sizes-allowed.ts with their size now: that list may only shrink (a listed one that grows fails too).
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./import-graph";
import { ALLOWED_FILES, ALLOWED_FUNCTIONS } from "./sizes-allowed";

// TypeScript 7 has no JavaScript API; TypeScript 5.9's is installed as `typescript-js-api` (eslint.config.mjs).
const ts = createRequire(import.meta.url)("typescript-js-api") as typeof import("typescript-js-api");

const root = path.resolve(import.meta.dirname, "..", "..");
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 120;

export interface FunctionSize {
  /** "file:name" (name: the function's, its variable's or its method's; "(anonymous)" else). */
  id: string;
  lines: number;
}

function nameOf(node: import("typescript-js-api").Node): string {
  const named = node as { name?: import("typescript-js-api").Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
  return "(anonymous)";
}

/** A test suite's describe(…, () => { … }) body: a list of tests, not a function to read in one screen. */
function isDescribeBody(node: import("typescript-js-api").Node): boolean {
  const call = node.parent;
  if (!call || !ts.isCallExpression(call)) return false;
  const callee = call.expression;
  const name = ts.isIdentifier(callee)
    ? callee.text
    : ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)
      ? callee.expression.text
      : "";
  return name === "describe";
}

/** Every function of a source text longer than `max` lines. */
export function longFunctions(file: string, text: string, max = MAX_FUNCTION_LINES): FunctionSize[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const out: FunctionSize[] = [];
  const visit = (node: import("typescript-js-api").Node) => {
    if (ts.isFunctionLike(node) && (node as { body?: unknown }).body && !isDescribeBody(node)) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > max) out.push({ id: `${file}:${nameOf(node)}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const isTs = (f: string) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts") && !f.startsWith("generated/");
const files = sourceFiles().filter(isTs);
const read = (f: string) => fs.readFileSync(path.join(root, f), "utf8");
const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

/** Over the limit and not allowed, or allowed but grown. */
function offenders(found: FunctionSize[], allowed: Record<string, number>): string[] {
  return found.filter((f) => allowed[f.id] === undefined || f.lines > allowed[f.id]).map((f) => `${f.id} (${f.lines} lines)`);
}

describe("sizes", () => {
  it(`no file in lib/ over ${MAX_FILE_LINES} lines (beyond the shrinking list)`, () => {
    const found = files.filter((f) => f.startsWith("lib/")).map((f) => ({ id: f, lines: lineCount(read(f)) }));
    expect(found.length).toBeGreaterThan(50);
    expect(
      offenders(
        found.filter((f) => f.lines > MAX_FILE_LINES),
        ALLOWED_FILES,
      ),
    ).toEqual([]);
  });

  it(`no function over ${MAX_FUNCTION_LINES} lines (beyond the shrinking list)`, () => {
    const found = files.flatMap((f) => longFunctions(f, read(f)));
    expect(offenders(found, ALLOWED_FUNCTIONS)).toEqual([]);
  });

  it("the check can fail: a long function and a long arrow are found by name", () => {
    const body = Array.from({ length: 130 }, (_, i) => `  x += ${i};`).join("\n");
    const text = `function big() {\n  let x = 0;\n${body}\n  return x;\n}\nconst arrow = () => {\n${body}\n};\nfunction small() { return 1; }\n`;
    expect(longFunctions("a.ts", text).map((f) => f.id)).toEqual(["a.ts:big", "a.ts:arrow"]);
    expect(longFunctions("a.test.ts", `describe("x", () => {\n${body}\n});\n`)).toEqual([]);
    expect(offenders([{ id: "a.ts:big", lines: 134 }], { "a.ts:big": 133 })).toEqual(["a.ts:big (134 lines)"]);
  });
});
