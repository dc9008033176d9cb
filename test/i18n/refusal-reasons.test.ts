// The people's refusals in the reader's language (issue 28): each reason the server may send
// (lib/shared/protocol REFUSAL_REASONS) has its own sentence in English and Chinese with its figures,
// not the code's generic one ("LIMIT": "as many as you may"); a reason the page does not know, or a
// forged one, falls back to the code; every LIMIT or BLOCKED of the people's server code carries one.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { readCatalogue } from "@/i18n/messages";
import type { Locale } from "@/i18n/locales";
import { REFUSAL_REASONS, type ErrorInfo } from "@/lib/shared/protocol";
import { errorTextOf, type ErrorWords } from "@/lib/client/error-text";

const words = (locale: Locale) => createTranslator({ locale, messages: readCatalogue(locale), namespace: "errors" as never }) as unknown as ErrorWords;
const when = (iso: string) => `<${iso}>`;
const sample = { n: 7, max: 9, name: "Ada_99", until: "2026-12-01T10:00:00.000Z" };

describe("the people's refusals", () => {
  for (const locale of ["en", "zh-CN"] as const) {
    const t = words(locale);
    it(`${locale}: every reason has its own sentence, with its figures`, () => {
      const generic = new Set(["LIMIT", "BLOCKED", "NOT_FOUND", "NOT_ALLOWED", "SEAT_TAKEN", "MUTED"].map((c) => t(c)));
      for (const reason of REFUSAL_REASONS) {
        expect(t.has(`reasons.${reason}`), reason).toBe(true);
        const text = errorTextOf(t, { code: "LIMIT", message: "English", reason, params: sample }, when);
        expect(generic.has(text), `${reason}: ${text}`).toBe(false);
        expect(text).not.toMatch(/[{}]/);
      }
    });
  }

  it("Chinese: a repeated challenge names the player, the caps say their figures, a mute says until when", () => {
    const zh = words("zh-CN");
    const say = (e: Partial<ErrorInfo>) => errorTextOf(zh, { code: "LIMIT", message: "English", ...e }, when);
    expect(say({ reason: "directAgain", params: { name: "Ada_99" } })).toBe("你已经向 Ada_99 发出过挑战：请等待回复，或先撤回。");
    expect(say({ reason: "directPending", params: { n: 5, max: 5 } })).toBe("你有 5 个挑战正在等待回复（最多 5 个）：请先撤回一个。");
    expect(say({ code: "BLOCKED", reason: "directBlocked" })).toBe("你无法挑战这位棋手。");
    expect(say({ code: "MUTED", reason: "mutedUntil", params: { until: sample.until } })).toBe(
      `管理员已在本站将你禁言至 <${sample.until}>：你的消息不会发出。`,
    );
  });

  it("an unknown or forged reason falls back to the code's sentence; no reason, the code's as before", () => {
    const en = words("en");
    for (const reason of ["constructor", "__proto__", "toString", "nope", "FORBIDDEN_BECAUSE"])
      expect(errorTextOf(en, { code: "LIMIT", message: "English", reason }, when)).toBe(en("LIMIT"));
    expect(errorTextOf(en, { code: "BLOCKED", message: "English" }, when)).toBe(en("BLOCKED"));
    expect(errorTextOf(en, { code: "RATE_LIMITED", message: "x", retryMs: 2500 }, when)).toBe("Too many requests: try again in 3 seconds.");
  });

  it("every LIMIT and BLOCKED refusal of the people's server code carries a reason", () => {
    const dirs = ["lib/server/social", "lib/server/chat", "lib/server/moderation", "lib/server/lobby", "lib/server/correspondence", "lib/server/tournaments"];
    const missing: string[] = [];
    for (const dir of dirs)
      for (const f of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
        const src = readFileSync(path.join(dir, f), "utf8");
        for (const m of src.matchAll(/fail\(\s*"(LIMIT|BLOCKED)"[\s\S]*?\);/g))
          if (!m[0].includes("reason:")) missing.push(`${dir}/${f}: ${m[0].slice(0, 80)}`);
      }
    expect(missing).toEqual([]);
  });
});
