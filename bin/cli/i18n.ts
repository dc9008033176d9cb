// The terminal tools' language: the site's catalogues (messages/<locale>/<namespace>.json, ICU
// messages) read with next-intl's createTranslator, which runs in plain Node, and the choice of locale
// from --lang or the environment. Any zh locale (zh_TW too) gets 简体中文, the one Chinese catalogue.
// The other tools' usage texts live in lab.json ("tools"), the terminal's namespace.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import type LabMessages from "../../messages/en/lab.json";

export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];

const MESSAGES_DIR = path.resolve(import.meta.dirname, "../../messages");

/** One namespace of one locale's catalogue: messages/<locale>/<namespace>.json. */
export function loadMessages(locale: Locale, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(MESSAGES_DIR, locale, `${namespace}.json`), "utf8")) as Record<string, unknown>;
}

/** A --lang value: en (en-US …), zh, zh-CN (zh_CN, zh-Hans), any case; anything else null. */
export function localeFromTag(tag: string): Locale | null {
  const t = tag.trim().toLowerCase().replace(/_/g, "-");
  if (/^en(-[a-z0-9]+)*$/.test(t)) return "en";
  if (t === "zh" || t === "zh-cn" || t === "zh-hans" || t === "zh-hans-cn") return "zh-CN";
  return null;
}

/**
 * The POSIX order for messages: LC_ALL, else LC_MESSAGES, else LANG (the first one set and not
 * empty decides); "zh_CN.UTF-8", "zh_SG", "zh" → Chinese; anything else ("C", "en_GB.UTF-8") → English.
 */
export function localeFromEnv(env: Record<string, string | undefined> = process.env): Locale {
  const value = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== "") ?? "";
  return /^zh([_.@-]|$)/i.test(value) ? "zh-CN" : "en";
}

export type Values = Record<string, string | number>;
export type Translate = (key: string, values?: Values) => string;

/** next-intl's translator over one namespace: the same ICU format and catalogue files as the site. */
export function translator(locale: Locale, namespace: string, messages: Record<string, unknown> = loadMessages(locale, namespace)): Translate {
  return createTranslator({ locale, messages: { [namespace]: messages }, namespace }) as unknown as Translate;
}

/** A terminal tool's usage text (lab.json "tools.<tool>") in the environment's language. */
export function toolUsage(tool: keyof (typeof LabMessages)["tools"], env: Record<string, string | undefined> = process.env): string {
  return translator(localeFromEnv(env), "lab")(`tools.${tool}`);
}
