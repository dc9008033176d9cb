"use client";
// The site's recurring words in the reader's language: scores ("win in 7"), rules, engine labels,
// colours, and the server's refusals by their stable code (namespace "errors"). lib/shared and the
// engine keep their English for scripts and the terminal; pages use these.
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import type { Rule, Score } from "@/engine";
import { RULE_OPTIONS } from "@/lib/shared/rule-names";
import type { EngineSettings, ErrorInfo, MoveRecord } from "@/lib/shared/protocol";
import { moveNoteFacts } from "@/lib/shared/move-note";
import { levelElo } from "@/lib/shared/levels";
import { errorTextOf, type ErrorWords } from "@/lib/client/error-text";

/** Score → "+135", "−40", "win in 7" / "7 步胜". */
export function useScoreText(): (s: Score) => string {
  const t = useTranslations("common.score");
  return useCallback(
    (s: Score) => (s.kind === "win" ? t("win", { n: s.plies }) : s.kind === "loss" ? t("loss", { n: s.plies }) : s.value > 0 ? `+${s.value}` : String(s.value)),
    [t],
  );
}

export interface RuleWords {
  name: (rule: string) => string;
  text: (rule: string) => string;
  title: (rule: string) => string;
}
const RULES = ["freestyle", "exact5", "renju"];

/** A rule's name ("Renju" / "连珠（有禁手）"), in running text, and its one-line explanation. */
export function useRuleWords(): RuleWords {
  const t = useTranslations("common.rule");
  return useMemo(
    () => ({
      name: (r: string) => (RULES.includes(r) ? t(r) : r),
      text: (r: string) => (RULES.includes(r) ? t(`${r}Text`) : r),
      title: (r: string) => (RULES.includes(r) ? t(`${r}Title`) : r),
    }),
    [t],
  );
}

/** The rules as a form's choices (value, name, hover title), in RULE_OPTIONS' order. */
export function useRuleChoices(): Array<{ value: Rule; label: string; title: string }> {
  const rules = useRuleWords();
  return useMemo(() => RULE_OPTIONS.map((o) => ({ value: o.value, label: rules.name(o.value), title: rules.title(o.value) })), [rules]);
}

/** The board sizes a new game or an open challenge offers. */
export const PLAY_SIZES = [11, 15, 19, 20] as const;

/** "AI 1 s · depth ≤ 6 · MCTS", "Level 4 · ≈ 1350". */
export function useEngineLabel(): (e: EngineSettings) => string {
  const t = useTranslations("common.engine");
  return useCallback(
    (e: EngineSettings) =>
      e.level
        ? t("levelLabel", { level: e.level, elo: levelElo(e.level) })
        : t("label", { seconds: e.timeMs / 1000, depth: e.maxDepth ?? 0, algo: e.algo ?? "alphabeta" }),
    [t],
  );
}

/** 1 → "Black", 2 → "White"; lower: in running text. */
export function useColorName(): (c: 1 | 2, lower?: boolean) => string {
  const t = useTranslations("common");
  return useCallback((c: 1 | 2, lower = false) => t(c === 1 ? (lower ? "blackLower" : "black") : lower ? "whiteLower" : "white"), [t]);
}

/** A refusal in the reader's language (lib/client/error-text): a people's refusal by its reason, else the catalogue's message for its code, else the server's English. */
export function useErrorText(): (e: ErrorInfo | string) => string {
  const t = useTranslations("errors");
  const locale = useLocale();
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
    const when = (iso: string) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : time.format(d);
    };
    return (e: ErrorInfo | string) => errorTextOf(t as unknown as ErrorWords, e, when);
  }, [t, locale]);
}

/** Numbers as the reader writes them (12,345 / 12,345), and 1.2M / 12k / 120万 for node counts. */
export function useNumbers(): { int: (n: number) => string; compact: (n: number) => string } {
  const locale = useLocale();
  return useMemo(() => {
    const int = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const compact = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
    return { int: (n: number) => int.format(n), compact: (n: number) => compact.format(n) };
  }, [locale]);
}

/** Dates and times in the reader's language and time zone (the browser's). */
export function useDates(): { date: (iso: string | number) => string; dateTime: (iso: string | number) => string } {
  const locale = useLocale();
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric" });
    const dateTime = new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
    return { date: (d: string | number) => date.format(new Date(d)), dateTime: (d: string | number) => dateTime.format(new Date(d)) };
  }, [locale]);
}

/** What a scored move says (lib/shared/move-note's facts in words): "+135, candidate 4 of 36; the engine's choice g4 +169". */
export function useCandidateNote(): (m: MoveRecord, size: number) => string | null {
  const t = useTranslations("game.moves");
  const score = useScoreText();
  return useCallback(
    (m: MoveRecord, size: number) => {
      const f = moveNoteFacts(m, size);
      if (!f) return null;
      if (f.kind === "searchedAlone") return t("searchedAlone", { mine: score(f.mine) });
      const choice = { move: f.best, score: score(f.bestScore), total: f.total };
      if (f.kind === "notCandidate") return t("notCandidate", choice);
      if (f.kind === "searched") return t("searched", { ...choice, mine: score(f.mine) });
      return t(f.rank === 1 ? "candidateBest" : "candidate", { ...choice, mine: score(f.mine), rank: f.rank });
    },
    [t, score],
  );
}

/**
 * A list's seat name (GameSummary.black/white: a player's name, "Human", or lib/shared/labels'
 * engineLabel "AI 1 s · depth ≤ 6 · mcts") in the reader's language; a name stays as it is.
 */
export function useListedName(): (label: string) => string {
  const t = useTranslations("common.engine");
  const colors = useColorName();
  const engine = useEngineLabel();
  return useCallback(
    (label: string) => {
      if (label === "Human") return t("human");
      if (label === "Black" || label === "White") return colors(label === "Black" ? 1 : 2);
      const level = /^AI level (\d+)$/.exec(label);
      if (level) return engine({ algo: "alphabeta", timeMs: 1000, level: Number(level[1]) });
      const m = /^AI (\d+(?:\.\d+)?) s(?: · depth ≤ (\d+))?(?: · (\w+))?$/.exec(label);
      return m
        ? engine({ timeMs: Number(m[1]) * 1000, maxDepth: m[2] ? Number(m[2]) : undefined, algo: (m[3] as EngineSettings["algo"]) ?? "alphabeta" })
        : label;
    },
    [t, engine, colors],
  );
}

/** "Freestyle 15×15 · blitz" / "无禁手 15×15 · 快棋" (lib/shared/pools' ratingPoolLabel in words). */
export function usePoolLabel(): (pool: string) => string {
  const t = useTranslations("common.speed");
  const rules = useRuleWords();
  return useCallback(
    (pool: string) => {
      const [rule, size, speed] = pool.split("-");
      return `${rules.name(rule)} ${size}×${size} · ${["bullet", "blitz", "rapid", "classical"].includes(speed) ? t(speed) : speed}`;
    },
    [t, rules],
  );
}
