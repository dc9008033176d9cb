// Reads every source file of the repository and lists what it imports, resolved to a file of the
// repository (relative paths and the `@/` alias) or left as a package name. Plain text scanning on
// purpose: TypeScript 7 has no compiler API, and the import forms this code base uses are few.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs"];
const SKIPPED_DIRS = new Set(["node_modules", ".next", "generated", "data", ".git", "test-results", "playwright-report", "prisma"]);

export type Target =
  { kind: "file"; file: string } | { kind: "package"; name: string } | { kind: "builtin"; name: string } | { kind: "unresolved"; specifier: string };

export interface ImportEdge {
  from: string; // repository-relative path with forward slashes
  specifier: string;
  target: Target;
  /** `import type` / `export type`, or every named binding marked `type`: erased when compiled. */
  typeOnly: boolean;
  line: number;
}

export function sourceFiles(dir = ROOT): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(name)) continue;
    const full = path.join(dir, name);
    const st = statSync(full);
    if (st.isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith(".d.ts")) out.push(rel(full));
  }
  return out.sort();
}

export function importsOf(file: string): ImportEdge[] {
  const code = withoutComments(readFileSync(path.join(ROOT, file), "utf8"));
  const edges: ImportEdge[] = [];
  const add = (specifier: string, index: number, typeOnly: boolean) =>
    edges.push({ from: file, specifier, target: resolve(file, specifier), typeOnly, line: code.slice(0, index).split("\n").length });

  // import … from "x", export … from "x" (also over several lines), import "x"
  // eslint-disable-next-line regexp/no-super-linear-backtracking, regexp/no-super-linear-move -- reads this repository's own sources, never a stranger's text
  const staticForm = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*["']([^"']+)["']|(?:^|[;\n])\s*import\s*["']([^"']+)["']/g;
  for (const m of code.matchAll(staticForm)) {
    if (m[5] !== undefined) {
      add(m[5], m.index, false);
      continue;
    }
    const clause = m[3] ?? "";
    add(m[4], m.index, Boolean(m[2]) || allNamedBindingsAreTypes(clause));
  }
  // import("x"), require("x"): only string literals can be followed
  for (const m of code.matchAll(/\b(?:import|require)\s*\(\s*["']([^"']+)["']\s*\)/g)) add(m[1], m.index, false);
  return edges;
}

function allNamedBindingsAreTypes(clause: string): boolean {
  const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!named) return false;
  const parts = named[1]
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every((p) => p.startsWith("type "));
}

function resolve(from: string, specifier: string): Target {
  if (specifier.startsWith("node:") || builtinModules.includes(specifier)) return { kind: "builtin", name: specifier };
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(ROOT, path.dirname(from), specifier);
  else return { kind: "package", name: packageName(specifier) };
  const withoutJs = base.replace(/\.(m|c)?js$/, "");
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((ext) => base + ext),
    ...SOURCE_EXTENSIONS.map((ext) => withoutJs + ext.replace("js", "ts")),
    ...SOURCE_EXTENSIONS.map((ext) => path.join(base, "index" + ext)),
  ];
  for (const c of candidates) {
    if (isFile(c)) return { kind: "file", file: rel(c) };
  }
  return { kind: "unresolved", specifier };
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function rel(full: string): string {
  return path.relative(ROOT, full).split(path.sep).join("/");
}

/** Blanks out comments (keeping line breaks, so line numbers stay right) and leaves strings alone. */
export function withoutComments(code: string): string {
  let out = "";
  let i = 0;
  while (i < code.length) {
    const c = code[i];
    const next = code[i + 1];
    if (c === "/" && next === "/") {
      while (i < code.length && code[i] !== "\n") i++;
    } else if (c === "/" && next === "*") {
      const end = code.indexOf("*/", i + 2);
      const stop = end === -1 ? code.length : end + 2;
      out += code.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < code.length && code[j] !== c) j += code[j] === "\\" ? 2 : 1;
      out += code.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
