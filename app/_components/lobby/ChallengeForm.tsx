"use client";
// Post an open challenge: board, rule, clock, rated or casual (rated needs a clock), your colour.
import { useState, type FormEvent } from "react";
import type { Rule } from "@/engine";
import { EV } from "@/lib/shared/protocol";
import { request } from "@/lib/client/socket";
import { askNotifyPermission } from "@/lib/client/alerts";
import { Field, Segmented } from "../FormParts";
import { useToast } from "../Toast";
import { useTranslations } from "next-intl";
import { PLAY_SIZES, useErrorText, useRuleChoices } from "../i18n/words";

const MINUTES = [1, 3, 5, 10, 15, 30] as const;
const INCREMENTS = [0, 1, 2, 3, 5, 10] as const;

export function ChallengeForm({ onPosted }: { onPosted?: () => void }) {
  const toast = useToast();
  const [size, setSize] = useState(15);
  const [rule, setRule] = useState<Rule>("freestyle");
  const [rated, setRated] = useState(true);
  const [clockOn, setClockOn] = useState(true);
  const [minutes, setMinutes] = useState(5);
  const [increment, setIncrement] = useState(3);
  const [color, setColor] = useState<"black" | "white" | "random">("random");
  const [swap2, setSwap2] = useState(false);
  const [busy, setBusy] = useState(false);
  const t = useTranslations("lobby.form");
  const errorText = useErrorText();
  const ruleChoices = useRuleChoices();

  async function submit(e: FormEvent) {
    e.preventDefault();
    // A challenge waits for someone to accept it: a notification is useful from now on (asked in the click).
    void askNotifyPermission();
    setBusy(true);
    const ack = await request(EV.challengeCreate, {
      size,
      rule,
      rated: rated && clockOn,
      color,
      swap2,
      clock: clockOn ? { initialMs: minutes * 60_000, incrementMs: increment * 1000 } : null,
    });
    setBusy(false);
    if (!ack.ok) toast(errorText(ack.error));
    else onPosted?.();
  }

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="form-challenge">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t("board")}>
          <Segmented
            name="ch-size"
            value={String(size)}
            onChange={(v) => setSize(Number(v))}
            options={PLAY_SIZES.map((s) => ({ value: String(s), label: `${s}×${s}` }))}
          />
        </Field>
        <Field label={t("rule")}>
          <Segmented name="ch-rule" value={rule} onChange={(v) => setRule(v as Rule)} options={ruleChoices} />
        </Field>
        <Field label={t("yourColour")}>
          <Segmented
            name="ch-color"
            value={color}
            onChange={(v) => setColor(v as typeof color)}
            options={[
              { value: "random", label: `◐ ${t("random")}` },
              { value: "black", label: `● ${t("black")}` },
              { value: "white", label: `○ ${t("white")}` },
            ]}
          />
        </Field>
        <Field label={t("game")}>
          <Segmented
            name="ch-rated"
            value={rated && clockOn ? "rated" : "casual"}
            onChange={(v) => {
              setRated(v === "rated");
              if (v === "rated") setClockOn(true);
            }}
            options={[
              { value: "rated", label: t("rated"), title: t("ratedTitle") },
              { value: "casual", label: t("casual") },
            ]}
          />
        </Field>
      </div>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label className="flex cursor-pointer items-center gap-2 pb-2">
          <input
            type="checkbox"
            className="size-4 accent-accent"
            checked={clockOn}
            onChange={(e) => {
              setClockOn(e.target.checked);
              if (!e.target.checked) setRated(false);
            }}
          />
          {t("clock")}
        </label>
        <label className="flex cursor-pointer items-center gap-2 pb-2" title={t("swap2Title")}>
          <input type="checkbox" className="size-4 accent-accent" checked={swap2} onChange={(e) => setSwap2(e.target.checked)} data-testid="challenge-swap2" />
          {t("swap2Short")}
        </label>
        {clockOn && (
          <>
            <Field label={t("minutes")} htmlFor="ch-min">
              <select id="ch-min" className="select" value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
                {MINUTES.map((m) => (
                  <option key={m} value={m}>
                    {t("min", { n: m })}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t("increment")} htmlFor="ch-inc">
              <select id="ch-inc" className="select" value={increment} onChange={(e) => setIncrement(Number(e.target.value))}>
                {INCREMENTS.map((s) => (
                  <option key={s} value={s}>
                    +{t("seconds", { n: s })}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
        <button type="submit" className="btn-primary ml-auto" disabled={busy} data-testid="challenge-submit">
          {busy ? t("posting") : t("post")}
        </button>
      </div>
    </form>
  );
}
