// What test/i18n/catalogue.test.ts reads from the sources: the keys the code asks for, and literal
// text in JSX that a reader would see. Plain scans (regular expressions for the keys, TypeScript's
// parser for JSX), so the check needs nothing but the files.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript-js-api";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

export interface Source {
  file: string;
  text: string;
}

const ROOTS = ["app", "lib/client"];

/** The pages' and lib/client's sources (not tests). */
export function sourceFiles(): Source[] {
  const out: Source[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push({ file: p, text: readFileSync(p, "utf8") });
    }
  };
  for (const r of ROOTS) walk(r);
  return out;
}

/** { ns: { key: "…" } } → "ns.key" → message. */
export function flatten(obj: Record<string, unknown>, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else if (v && typeof v === "object") for (const [kk, vv] of flatten(v as Record<string, unknown>, key)) out.set(kk, vv);
  }
  return out;
}

/** A message's argument and tag names, sorted (two translations of one key must agree on them). */
export function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) names.add(el.value);
      else if (el.type === TYPE.select || el.type === TYPE.plural) {
        names.add(el.value);
        for (const o of Object.values(el.options)) walk(o.value);
      } else if (el.type === TYPE.tag) {
        names.add(`<${el.value}>`);
        walk(el.children);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

export interface KeyUse {
  file: string;
  line: number;
  /** A full key ("game.status.over") or a pattern for a template literal ("learn.presets.*.label"). */
  key: string;
}

const lineOf = (text: string, at: number) => text.slice(0, at).split("\n").length;

/** The first argument of the call whose "(" is at `open`: its text up to the matching comma or ")". */
function firstArgument(text: string, open: number): string {
  let depth = 0;
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) return text.slice(open + 1, i);
      depth--;
    } else if (c === "," && depth === 0) return text.slice(open + 1, i);
  }
  return "";
}

/**
 * Every key the sources ask for: `const t = useTranslations("ns")` (or `await getTranslations("ns")`)
 * binds t to a namespace until the next binding of that name; each `t("key")`, `t.rich("key", …)`,
 * `t.has("key")` after it asks for ns.key (each string literal of the first argument, so both arms
 * of `t(a ? "x" : "y")`; a template literal's `${…}` matches any one segment). Plus the /learn step
 * messages: `msg("key", …)` in lib/client/learn asks for learn.steps.key.
 */
export function usedKeys(files: Source[]): KeyUse[] {
  const uses: KeyUse[] = [];
  for (const { file, text } of files) {
    const bindings = [...text.matchAll(/const (\w+) = (?:await )?(?:useTranslations|getTranslations)\("([\w.]*)"\)/g)].map((m) => ({
      name: m[1],
      ns: m[2],
      at: m.index!,
    }));
    for (const m of text.matchAll(/\(await getTranslations\("([\w.]+)"\)\)\("([\w.]+)"\)/g))
      uses.push({ file, line: lineOf(text, m.index!), key: `${m[1]}.${m[2]}` });
    for (const b of bindings) {
      const next = bindings.find((o) => o.name === b.name && o.at > b.at)?.at ?? text.length;
      const call = new RegExp(`(?<![\\w.])${b.name}(?:\\.rich|\\.markup|\\.has)?\\(`, "g");
      call.lastIndex = b.at;
      for (let m = call.exec(text); m && m.index < next; m = call.exec(text)) {
        if (m.index === b.at + "const ".length) continue;
        const arg = firstArgument(text, m.index + m[0].length - 1);
        // A literal compared with something (`a === "x" ? "k1" : "k2"`) is not a key.
        const keysOnly = arg.replace(/[!=]==\s*("[^"]*"|`[^`]*`)|("[^"]*"|`[^`]*`)\s*[!=]==/g, "");
        const literals = [...keysOnly.matchAll(/"([^"\\]*)"|`([^`]*)`/g)].map((x) => x[1] ?? x[2].replace(/\$\{[^}]*\}/g, "*"));
        for (const k of literals) if (k) uses.push({ file, line: lineOf(text, m.index), key: b.ns ? `${b.ns}.${k}` : k });
      }
    }
    if (file.includes(`lib${path.sep}client${path.sep}learn`) || file.includes("lib/client/learn"))
      for (const m of text.matchAll(/\bmsg\(\s*(?:"([\w]+)"|([^,)\s][^,)]*\?[^,)]+))/g)) {
        const keys = m[1] ? [m[1]] : [...m[2].replace(/[!=]==\s*"[^"]*"|"[^"]*"\s*[!=]==/g, "").matchAll(/"(\w+)"/g)].map((x) => x[1]);
        for (const k of keys) uses.push({ file, line: lineOf(text, m.index!), key: `learn.steps.${k}` });
      }
  }
  return uses;
}

/** The uses whose key (or pattern) the catalogue does not define as a message: "file:line key". */
export function keyProblems(uses: KeyUse[], keys: Set<string>): string[] {
  const all = [...keys];
  const defined = (key: string) => {
    // A call asks for a message, not a group of them (t("tree") when learn.tree is a group shows the key).
    if (!key.includes("*")) return keys.has(key);
    const re = new RegExp(`^${key.replace(/\./g, "\\.").replace(/\*/g, "[^.]+")}(\\.|$)`);
    return all.some((k) => re.test(k));
  };
  return uses.filter((u) => !defined(u.key)).map((u) => `${u.file}:${u.line} ${u.key}`);
}

/** Attributes a reader sees or hears. */
const VISIBLE_ATTRIBUTES = new Set(["title", "aria-label", "placeholder", "alt", "label", "submitLabel", "aria-valuetext"]);
/**
 * Words that are the same in every language: the brand, the lecture's MAX / MIN and α β Σ symbols,
 * the TV badge, keyboard keys. Text made only of these (and digits, signs, punctuation) passes.
 */
const ALLOWED = new Set(["Gomoku", "Arena", "TV", "MAX", "MIN", "α", "β", "Σ", "Ctrl", "Enter"]);
const allowed = (s: string) => [...s.matchAll(/\p{L}+/gu)].every((m) => ALLOWED.has(m[0]));
/** Elements whose text is code or keys, written the same in every language. */
const VERBATIM = new Set(["code", "kbd", "pre"]);

/** Literal text in JSX a reader would see: text nodes, visible attributes, and strings chosen inside `{…}`. "file:line what". */
export function literalTexts(files: Source[]): string[] {
  const out: string[] = [];
  for (const { file, text } of files) {
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const report = (node: ts.Node, what: string, s: string) => {
      const t = s.replace(/\s+/g, " ").trim();
      if (allowed(t)) return;
      out.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1} ${what}`);
    };
    /** A string inside `{…}` that reaches the output as it is (not a call's argument, a comparison, a key…). */
    const shown = (e: ts.Expression, where: ts.Node) => {
      if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) report(where, `text ${JSON.stringify(e.text)}`, e.text);
      else if (ts.isTemplateExpression(e)) {
        const parts = [e.head.text, ...e.templateSpans.map((s) => s.literal.text)].join(" ");
        report(where, `text \`${parts.trim()}\``, parts);
      } else if (ts.isParenthesizedExpression(e)) shown(e.expression, where);
      else if (ts.isConditionalExpression(e)) {
        shown(e.whenTrue, where);
        shown(e.whenFalse, where);
      } else if (
        ts.isBinaryExpression(e) &&
        [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(e.operatorToken.kind)
      )
        shown(e.right, where);
    };
    const visit = (node: ts.Node) => {
      if (ts.isJsxElement(node) && VERBATIM.has(node.openingElement.tagName.getText(sf))) return;
      if (ts.isJsxText(node)) report(node, `text ${JSON.stringify(node.text.replace(/\s+/g, " ").trim())}`, node.text);
      else if (ts.isJsxAttribute(node)) {
        const name = node.name.getText(sf);
        const init = node.initializer;
        if (VISIBLE_ATTRIBUTES.has(name) && init) {
          if (ts.isStringLiteral(init)) report(node, `${name}=${JSON.stringify(init.text)}`, init.text);
          else if (ts.isJsxExpression(init) && init.expression) shown(init.expression, node);
        }
        return; // other attributes (className, data-*, href…) are not read
      } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) shown(node.expression, node);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}
