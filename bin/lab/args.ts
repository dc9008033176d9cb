// Command-line options of `npm run lab`.
import { MAX_SIZE, MIN_SIZE } from "../../engine/types";
import { readArgs } from "../cli/args";
import { type LabText, type Locale, english, localeFromEnv, localeFromTag } from "./i18n";

export interface LabOptions {
  size: number;
  /** Per AI move. Applied only when given or when no --depth is given (a depth alone is deterministic). */
  timeMs: number;
  timeGiven: boolean;
  maxDepth?: number;
  /** engine/levels: the computer plays at this level (1–10); unset: full strength (--time, --depth). */
  level?: number;
  opening: boolean;
  first?: "human" | "computer";
}

export type ParsedArgs = { kind: "run"; options: LabOptions } | { kind: "help" } | { kind: "error"; message: string };

const WITH_VALUE = ["size", "time", "depth", "level", "first", "lang"];

export const usage = (text: LabText = english()) => text.t("usage", { min: MIN_SIZE, max: MAX_SIZE });

/**
 * The language to speak: the last valid --lang, else the environment (LC_ALL, LC_MESSAGES, LANG),
 * else English. A bad --lang is not decided here: parseArgs refuses it, in this language.
 */
export function chooseLocale(argv: readonly string[], env: Record<string, string | undefined> = process.env): Locale {
  let locale: Locale | null = null;
  for (const arg of readArgs(argv, WITH_VALUE, { h: "help" })) if (arg.name === "lang" && arg.value !== undefined) locale = localeFromTag(arg.value) ?? locale;
  return locale ?? localeFromEnv(env);
}

function int(text: LabText, name: string, value: string | undefined, min: number, max: number): number | string {
  if (value === undefined) return text.t("args.notNumberNothing", { name });
  if (!/^\d+$/.test(value)) return text.t("args.notNumber", { name, text: value });
  const n = Number(value);
  return n < min || n > max ? text.t("args.range", { name, min, max, n }) : n;
}

export function parseArgs(argv: readonly string[], text: LabText = english()): ParsedArgs {
  const options: LabOptions = { size: 11, timeMs: 1000, timeGiven: false, opening: true };
  for (const arg of readArgs(argv, WITH_VALUE, { h: "help" })) {
    switch (arg.name) {
      case "help":
        return { kind: "help" };
      case "no-opening":
        options.opening = false;
        break;
      case "size": {
        const n = int(text, "--size", arg.value, MIN_SIZE, MAX_SIZE);
        if (typeof n === "string") return { kind: "error", message: n };
        options.size = n;
        break;
      }
      case "time": {
        const n = int(text, "--time", arg.value, 1, 3_600_000);
        if (typeof n === "string") return { kind: "error", message: n };
        options.timeMs = n;
        options.timeGiven = true;
        break;
      }
      case "depth": {
        const n = int(text, "--depth", arg.value, 1, 64);
        if (typeof n === "string") return { kind: "error", message: n };
        options.maxDepth = n;
        break;
      }
      case "level": {
        const n = int(text, "--level", arg.value, 1, 10);
        if (typeof n === "string") return { kind: "error", message: n };
        options.level = n;
        break;
      }
      case "first": {
        const v = arg.value;
        if (v === undefined) return { kind: "error", message: text.t("args.firstNothing") };
        if (v !== "human" && v !== "computer") return { kind: "error", message: text.t("args.first", { text: v }) };
        options.first = v;
        break;
      }
      case "lang": {
        const v = arg.value;
        if (v === undefined) return { kind: "error", message: text.t("args.langNothing") };
        if (!localeFromTag(v)) return { kind: "error", message: text.t("args.lang", { text: v }) };
        break; // chosen by chooseLocale before the arguments are read
      }
      default:
        return { kind: "error", message: text.t("args.unknown", { raw: arg.raw }) };
    }
  }
  return { kind: "run", options };
}

/**
 * "h", "human", "1" → human first; "c", "computer", "2" → computer first; in Chinese also 你/我/人
 * and 电脑/机/计算机; anything else null.
 */
export function parseFirst(answer: string): "human" | "computer" | null {
  const a = answer.trim().toLowerCase();
  if (a === "h" || a === "human" || a === "1" || a === "你" || a === "我" || a === "人" || a === "你先" || a === "我先") return "human";
  if (a === "c" || a === "computer" || a === "2" || a === "电脑" || a === "机" || a === "计算机" || a === "电脑先") return "computer";
  return null;
}
