"use client";
// The lobby's two forms: "Play the AI" and "Play a friend". Both create a game over the socket,
// keep the seat token, and go to the game page.
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { ALGOS, type Algo, type Color, type Rule } from "@/engine";
import { EV, type CreateGame } from "@/lib/shared/protocol";
import { request } from "@/lib/client/socket";
import { setSeatToken } from "@/lib/client/seats";
import { useToast } from "./Toast";
import { useTranslations } from "next-intl";
import { PLAY_SIZES, useErrorText, useRuleChoices } from "./i18n/words";

export const AI_TIMES = [200, 500, 1000, 2000, 3000, 5000, 10000] as const;
const CLOCK_MINUTES = [1, 3, 5, 10, 15, 30] as const;
const INCREMENTS = [0, 1, 2, 3, 5, 10] as const;

export function NewGameForm({ opponent }: { opponent: "ai" | "human" }) {
  const router = useRouter();
  const toast = useToast();
  const [size, setSize] = useState<number>(15);
  const [rule, setRule] = useState<Rule>("freestyle");
  const [color, setColor] = useState<Color>(1);
  const [timeMs, setTimeMs] = useState<number>(1000);
  const [algo, setAlgo] = useState<Algo>("alphabeta");
  const [lab, setLab] = useState(false);
  const [swap2, setSwap2] = useState(false);
  const [clockOn, setClockOn] = useState(false);
  const [minutes, setMinutes] = useState<number>(5);
  const [increment, setIncrement] = useState<number>(3);
  const [busy, setBusy] = useState(false);
  const id = (s: string) => `${opponent}-${s}`;
  const t = useTranslations("lobby.form");
  const errorText = useErrorText();
  const ruleChoices = useRuleChoices();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const payload: CreateGame = {
      opponent,
      size,
      rule,
      color,
      labOpening: lab && !swap2,
      swap2,
      clock: clockOn ? { initialMs: minutes * 60_000, incrementMs: increment * 1000 } : null,
      ...(opponent === "ai" ? { ai: { algo, timeMs } } : {}),
    };
    const ack = await request(EV.create, payload);
    if (!ack.ok) {
      toast(errorText(ack.error));
      setBusy(false);
      return;
    }
    setSeatToken(ack.gameId, ack.seatToken);
    router.push(`/game/${ack.gameId}`);
  }

  return (
    <form onSubmit={submit} className="space-y-4" data-testid={opponent === "ai" ? "form-ai" : "form-friend"}>
      <Field label={t("board")}>
        <Segmented
          name={id("size")}
          value={String(size)}
          onChange={(v) => setSize(Number(v))}
          options={PLAY_SIZES.map((s) => ({ value: String(s), label: `${s}×${s}` }))}
        />
      </Field>
      <Field label={t("rule")}>
        <Segmented name={id("rule")} value={rule} onChange={(v) => setRule(v as Rule)} options={ruleChoices} />
      </Field>
      <Field label={t("youPlay")}>
        <Segmented
          name={id("color")}
          value={String(color)}
          onChange={(v) => setColor(Number(v) as Color)}
          options={[
            swap2
              ? { value: "1", label: t("youPlaceFirst"), title: t("youPlaceFirstTitle") }
              : { value: "1", label: opponent === "ai" ? `● ${t("blackYouFirst")}` : `● ${t("black")}`, title: t("blackFirstTitle") },
            swap2
              ? { value: "2", label: opponent === "ai" ? t("aiPlacesFirst") : t("friendPlacesFirst") }
              : { value: "2", label: opponent === "ai" ? `○ ${t("whiteAiFirst")}` : `○ ${t("white")}` },
          ]}
        />
      </Field>
      {opponent === "ai" && (
        <Field label={t("aiTime")} htmlFor={id("time")}>
          <select id={id("time")} className="select" value={timeMs} onChange={(e) => setTimeMs(Number(e.target.value))} data-testid="ai-time">
            {AI_TIMES.map((ms) => (
              <option key={ms} value={ms}>
                {t("seconds", { n: ms / 1000 })}
                {ms === 200 ? ` ${t("quick")}` : ms === 10000 ? ` ${t("strongest")}` : ""}
              </option>
            ))}
          </select>
        </Field>
      )}
      {opponent === "ai" && (
        <Field label={t("aiPlayer")} htmlFor={id("algo")}>
          <select id={id("algo")} className="select" value={algo} onChange={(e) => setAlgo(e.target.value as Algo)} data-testid="ai-algo">
            {ALGOS.map((a) => (
              <option key={a} value={a}>
                {t(`algo.${a}`)}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div className="flex flex-col gap-2.5 text-sm">
        <label className="flex cursor-pointer items-center gap-2">
          <input type="checkbox" className="size-4 accent-accent" checked={swap2} onChange={(e) => setSwap2(e.target.checked)} data-testid="swap2-toggle" />
          <span>
            {t("swap2")} <span className="text-muted">{t("swap2Detail")}</span>
          </span>
        </label>
        <label className={`flex items-center gap-2 ${swap2 ? "opacity-50" : "cursor-pointer"}`}>
          <input type="checkbox" className="size-4 accent-accent" checked={lab && !swap2} disabled={swap2} onChange={(e) => setLab(e.target.checked)} />
          <span>
            {t("lab")} <span className="text-muted">{t("labDetail")}</span>
          </span>
        </label>
        <label className="flex cursor-pointer items-center gap-2">
          <input type="checkbox" className="size-4 accent-accent" checked={clockOn} onChange={(e) => setClockOn(e.target.checked)} />
          <span>{t("useClock")}</span>
        </label>
        {clockOn && (
          <div className="grid grid-cols-2 gap-3 pl-6">
            <Field label={t("minutes")} htmlFor={id("min")}>
              <select id={id("min")} className="select" value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
                {CLOCK_MINUTES.map((m) => (
                  <option key={m} value={m}>
                    {t("min", { n: m })}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t("increment")} htmlFor={id("inc")}>
              <select id={id("inc")} className="select" value={increment} onChange={(e) => setIncrement(Number(e.target.value))}>
                {INCREMENTS.map((s) => (
                  <option key={s} value={s}>
                    +{t("seconds", { n: s })}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        )}
      </div>
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
        {busy ? t("creating") : opponent === "ai" ? t("playAi") : t("createInvite")}
      </button>
    </form>
  );
}

export function Field({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <div>
      {htmlFor ? (
        <label htmlFor={htmlFor} className="field-label">
          {label}
        </label>
      ) : (
        <div className="field-label">{label}</div>
      )}
      {children}
    </div>
  );
}

export function Segmented({
  name,
  value,
  onChange,
  options,
}: {
  name: string;
  value: string;
  onChange: (v: string) => void;
  options: Array<{ value: string; label: string; title?: string }>;
}) {
  return (
    <div role="radiogroup" className="flex rounded-lg border border-line bg-white p-0.5">
      {options.map((o) => (
        <label
          key={o.value}
          title={o.title}
          className={`flex-1 cursor-pointer rounded-md px-2 py-1.5 text-center text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent ${
            value === o.value ? "bg-accent text-white shadow-sm" : "text-ink hover:bg-page"
          }`}
        >
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="sr-only" />
          {o.label}
        </label>
      ))}
    </div>
  );
}
