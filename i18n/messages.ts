// The catalogues: messages/<locale>/<namespace>.json, one file a namespace, merged at load into
// { namespace: { key: message } }. Every file in the folder is loaded (a new namespace needs no code).
// The paths are written out from process.cwd() + "messages" so the production build traces only
// that folder (a path built from a parameter makes Turbopack trace the whole project).
import fs from "node:fs";
import path from "node:path";
import type { Locale } from "./locales";

export type Messages = Record<string, Record<string, unknown>>;

export function readCatalogue(locale: Locale): Messages {
  const out: Messages = {};
  for (const file of fs.readdirSync(path.join(process.cwd(), "messages", locale)).sort()) {
    if (!file.endsWith(".json")) continue;
    const text = fs.readFileSync(path.join(process.cwd(), "messages", locale, file), "utf8");
    out[file.slice(0, -".json".length)] = JSON.parse(text) as Record<string, unknown>;
  }
  return out;
}

const cache = new Map<Locale, Messages>();

/** The locale's messages, read once per process (in development on every request, so edits show). */
export function loadMessages(locale: Locale): Messages {
  if (process.env.NODE_ENV === "development") return readCatalogue(locale);
  let m = cache.get(locale);
  if (!m) cache.set(locale, (m = readCatalogue(locale)));
  return m;
}
