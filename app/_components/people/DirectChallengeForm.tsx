"use client";
// Challenge one named player (their page): the lobby's choices (board, rule, colour, rated or casual,
// swap2, a clock) or days per move instead of a clock (a correspondence game, rated in its own pool).
// The lobby form's parts (FormParts) and words (lobby.form) are reused; they hear it live.
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { Rule } from "@/engine";
import { EV } from "@/lib/shared/protocol";
import { CORR_DAYS } from "@/lib/shared/correspondence";
import { request } from "@/lib/client/socket";
import { askNotifyPermission } from "@/lib/client/alerts";
import { Field, Segmented } from "../FormParts";
import { useToast } from "../Toast";
import { PLAY_SIZES, useErrorText, useRuleChoices } from "../i18n/words";
import { CLOCK_MINUTES as MINUTES, INCREMENTS } from "../NewGameFields";

type Timing = "clock" | "days" | "none";

export function DirectChallengeForm({ name, onSent }: { name: string; onSent: (id: string) => void }) {
  const t = useTranslations("lobby.form");
  const tp = useTranslations("people.challenge");
  const toast = useToast();
  const errorText = useErrorText();
  const ruleChoices = useRuleChoices();
  const [size, setSize] = useState(15);
  const [rule, setRule] = useState<Rule>("freestyle");
  const [color, setColor] = useState<"black" | "white" | "random">("random");
  const [rated, setRated] = useState(false);
  const [timing, setTiming] = useState<Timing>("clock");
  const [minutes, setMinutes] = useState(5);
  const [increment, setIncrement] = useState(3);
  const [days, setDays] = useState(3);
  const [swap2, setSwap2] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // They may answer while this tab is hidden: a notification is useful from now on (asked in the click).
    void askNotifyPermission();
    setBusy(true);
    const ack = await request(EV.directCreate, {
      name,
      size,
      rule,
      color,
      rated: rated && timing !== "none",
      swap2: swap2 && timing !== "days",
      clock: timing === "clock" ? { initialMs: minutes * 60_000, incrementMs: increment * 1000 } : null,
      corrDays: timing === "days" ? days : null,
    });
    setBusy(false);
    if (!ack.ok) toast(errorText(ack.error));
    else {
      toast(tp("sent", { name }));
      onSent(ack.challenge.id);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="direct-challenge-form" aria-label={tp("heading", { name })}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t("board")}>
          <Segmented
            name="dc-size"
            value={String(size)}
            onChange={(v) => setSize(Number(v))}
            options={PLAY_SIZES.map((s) => ({ value: String(s), label: `${s}×${s}` }))}
          />
        </Field>
        <Field label={t("rule")}>
          <Segmented name="dc-rule" value={rule} onChange={(v) => setRule(v as Rule)} options={ruleChoices} />
        </Field>
        <Field label={t("yourColour")}>
          <Segmented
            name="dc-color"
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
            name="dc-rated"
            value={rated && timing !== "none" ? "rated" : "casual"}
            onChange={(v) => {
              setRated(v === "rated");
              if (v === "rated" && timing === "none") setTiming("clock");
            }}
            options={[
              { value: "rated", label: t("rated"), title: t("ratedTitle") },
              { value: "casual", label: t("casual") },
            ]}
          />
        </Field>
        <Field label={tp("timing")}>
          <Segmented
            name="dc-timing"
            value={timing}
            onChange={(v) => setTiming(v as Timing)}
            options={[
              { value: "clock", label: tp("clock") },
              { value: "days", label: tp("days") },
              { value: "none", label: tp("noClock") },
            ]}
          />
        </Field>
      </div>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        {timing !== "days" && (
          <label className="flex cursor-pointer items-center gap-2 pb-2" title={t("swap2Title")}>
            <input type="checkbox" className="size-4 accent-accent" checked={swap2} onChange={(e) => setSwap2(e.target.checked)} />
            {t("swap2Short")}
          </label>
        )}
        <TimingFields timing={timing} minutes={minutes} increment={increment} days={days} set={{ setMinutes, setIncrement, setDays }} />
        <button type="submit" className="btn-primary ml-auto" disabled={busy} data-testid="direct-challenge-send">
          {busy ? tp("sending") : tp("send")}
        </button>
      </div>
    </form>
  );
}

/** The clock's minutes and increment, or the days per move, as the timing chosen asks. */
function TimingFields(p: {
  timing: Timing;
  minutes: number;
  increment: number;
  days: number;
  set: { setMinutes: (n: number) => void; setIncrement: (n: number) => void; setDays: (n: number) => void };
}) {
  const t = useTranslations("lobby.form");
  const tp = useTranslations("people.challenge");
  const { timing, minutes, increment, days } = p;
  const { setMinutes, setIncrement, setDays } = p.set;
  return (
    <>
      {timing === "clock" && (
        <>
          <Field label={t("minutes")} htmlFor="dc-min">
            <select id="dc-min" className="select" value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
              {MINUTES.map((m) => (
                <option key={m} value={m}>
                  {t("min", { n: m })}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("increment")} htmlFor="dc-inc">
            <select id="dc-inc" className="select" value={increment} onChange={(e) => setIncrement(Number(e.target.value))}>
              {INCREMENTS.map((s) => (
                <option key={s} value={s}>
                  +{t("seconds", { n: s })}
                </option>
              ))}
            </select>
          </Field>
        </>
      )}
      {timing === "days" && (
        <Field label={tp("days")} htmlFor="dc-days">
          <select id="dc-days" className="select" value={days} onChange={(e) => setDays(Number(e.target.value))} data-testid="direct-days">
            {CORR_DAYS.map((d) => (
              <option key={d} value={d}>
                {tp("daysN", { n: d })}
              </option>
            ))}
          </select>
        </Field>
      )}
    </>
  );
}
