"use client";
// A challenge's choices, once for the lobby's open challenge (./ChallengeForm) and the challenge by name
// (../people/DirectChallengeForm): board, rule, your colour, rated or casual, and the time: a clock
// (minutes + increment), days per move (a correspondence game, rated in its own pool) or none; swap2
// except with days. Rated needs a clock or days: choosing "no clock" makes it casual, choosing rated
// with no clock brings the clock back. The words are lobby.form's in both languages.
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { Rule } from "@/engine";
import { CORR_DAYS } from "@/lib/shared/correspondence";
import type { ClockSettings } from "@/lib/shared/protocol";
import { Field, Segmented } from "../FormParts";
import { PLAY_SIZES, useRuleChoices } from "../i18n/words";
import { CLOCK_MINUTES, INCREMENTS } from "../NewGameFields";

export type Timing = "clock" | "days" | "none";

export interface ChallengeChoice {
  size: number;
  rule: Rule;
  color: "black" | "white" | "random";
  rated: boolean;
  timing: Timing;
  minutes: number;
  increment: number;
  days: number;
  swap2: boolean;
}

export const challengeDefaults = (o: Partial<ChallengeChoice> = {}): ChallengeChoice => ({
  size: 15,
  rule: "freestyle",
  color: "random",
  rated: true,
  timing: "clock",
  minutes: 5,
  increment: 3,
  days: 3,
  swap2: false,
  ...o,
});

/** What the server is sent (challenge:create and challenge:direct take the same fields). */
export function challengePayload(c: ChallengeChoice): {
  size: number;
  rule: Rule;
  color: ChallengeChoice["color"];
  rated: boolean;
  swap2: boolean;
  clock: ClockSettings | null;
  corrDays: number | null;
} {
  return {
    size: c.size,
    rule: c.rule,
    color: c.color,
    rated: c.rated && c.timing !== "none",
    swap2: c.swap2 && c.timing !== "days",
    clock: c.timing === "clock" ? { initialMs: c.minutes * 60_000, incrementMs: c.increment * 1000 } : null,
    corrDays: c.timing === "days" ? c.days : null,
  };
}

/** The fields; `id` keeps two forms' inputs apart ("ch-min", "dc-min"…); `children` (the submit button) ends the last row. */
export function ChallengeFields({
  id,
  value: c,
  onChange,
  children,
}: {
  id: string;
  value: ChallengeChoice;
  onChange: (c: ChallengeChoice) => void;
  children?: ReactNode;
}) {
  const t = useTranslations("lobby.form");
  const ruleChoices = useRuleChoices();
  const set = (patch: Partial<ChallengeChoice>) => onChange({ ...c, ...patch });
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t("board")}>
          <Segmented
            name={`${id}-size`}
            value={String(c.size)}
            onChange={(v) => set({ size: Number(v) })}
            options={PLAY_SIZES.map((s) => ({ value: String(s), label: `${s}×${s}` }))}
          />
        </Field>
        <Field label={t("rule")}>
          <Segmented name={`${id}-rule`} value={c.rule} onChange={(v) => set({ rule: v as Rule })} options={ruleChoices} />
        </Field>
        <Field label={t("yourColour")}>
          <Segmented
            name={`${id}-color`}
            value={c.color}
            onChange={(v) => set({ color: v as ChallengeChoice["color"] })}
            options={[
              { value: "random", label: `◐ ${t("random")}` },
              { value: "black", label: `● ${t("black")}` },
              { value: "white", label: `○ ${t("white")}` },
            ]}
          />
        </Field>
        <Field label={t("game")}>
          <Segmented
            name={`${id}-rated`}
            value={c.rated && c.timing !== "none" ? "rated" : "casual"}
            onChange={(v) => set(v === "rated" ? { rated: true, ...(c.timing === "none" ? { timing: "clock" as const } : {}) } : { rated: false })}
            options={[
              { value: "rated", label: t("rated"), title: t("ratedTitle") },
              { value: "casual", label: t("casual") },
            ]}
          />
        </Field>
        <Field label={t("timing")}>
          <Segmented
            name={`${id}-timing`}
            value={c.timing}
            onChange={(v) => set({ timing: v as Timing, ...(v === "none" ? { rated: false } : {}) })}
            options={[
              { value: "clock", label: t("clock") },
              { value: "days", label: t("days"), title: t("daysTitle") },
              { value: "none", label: t("noClock") },
            ]}
          />
        </Field>
      </div>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        {c.timing !== "days" && (
          <label className="flex cursor-pointer items-center gap-2 pb-2" title={t("swap2Title")}>
            <input
              type="checkbox"
              className="size-4 accent-accent"
              checked={c.swap2}
              onChange={(e) => set({ swap2: e.target.checked })}
              data-testid={`${id}-swap2`}
            />
            {t("swap2Short")}
          </label>
        )}
        {c.timing === "clock" && (
          <>
            <Field label={t("minutes")} htmlFor={`${id}-min`}>
              <select id={`${id}-min`} className="select" value={c.minutes} onChange={(e) => set({ minutes: Number(e.target.value) })}>
                {CLOCK_MINUTES.map((m) => (
                  <option key={m} value={m}>
                    {t("min", { n: m })}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t("increment")} htmlFor={`${id}-inc`}>
              <select id={`${id}-inc`} className="select" value={c.increment} onChange={(e) => set({ increment: Number(e.target.value) })}>
                {INCREMENTS.map((s) => (
                  <option key={s} value={s}>
                    +{t("seconds", { n: s })}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
        {c.timing === "days" && (
          <Field label={t("days")} htmlFor={`${id}-days`}>
            <select id={`${id}-days`} className="select" value={c.days} onChange={(e) => set({ days: Number(e.target.value) })} data-testid={`${id}-days`}>
              {CORR_DAYS.map((d) => (
                <option key={d} value={d}>
                  {t("daysN", { n: d })}
                </option>
              ))}
            </select>
          </Field>
        )}
        {children}
      </div>
    </>
  );
}
