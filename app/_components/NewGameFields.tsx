"use client";
// The new-game form's fields (./NewGameForm): the settings it keeps, the payload they make, the
// colour choice, the AI's time and player, and the opening and clock options.
import { useTranslations } from "next-intl";
import { ALGOS, type Algo, type Color, type Rule } from "@/engine";
import type { CreateGame } from "@/lib/shared/protocol";
import { LEVEL_NUMBERS, levelElo } from "@/lib/shared/levels";
import { Field, Segmented } from "./FormParts";

export const AI_TIMES = [200, 500, 1000, 2000, 3000, 5000, 10000] as const;
export const CLOCK_MINUTES = [1, 3, 5, 10, 15, 30] as const;
export const INCREMENTS = [0, 1, 2, 3, 5, 10] as const;

export interface NewGameSettings {
  size: number;
  rule: Rule;
  color: Color;
  timeMs: number;
  algo: Algo;
  /** The AI's level 1–9 (engine/levels), or null: full strength (level 10) with the chosen time and player. */
  level: number | null;
  lab: boolean;
  swap2: boolean;
  clockOn: boolean;
  minutes: number;
  increment: number;
}

export const DEFAULT_SETTINGS: NewGameSettings = {
  size: 15,
  rule: "freestyle",
  color: 1,
  timeMs: 1000,
  algo: "alphabeta",
  level: null,
  lab: false,
  swap2: false,
  clockOn: false,
  minutes: 5,
  increment: 3,
};

/** What the form asks the server for (the lab opening gives way to swap2). */
export function createPayload(opponent: "ai" | "human", s: NewGameSettings): CreateGame {
  return {
    opponent,
    size: s.size,
    rule: s.rule,
    color: s.color,
    labOpening: s.lab && !s.swap2,
    swap2: s.swap2,
    clock: s.clockOn ? { initialMs: s.minutes * 60_000, incrementMs: s.increment * 1000 } : null,
    ...(opponent === "ai" ? { ai: s.level ? { algo: "alphabeta", timeMs: 1000, level: s.level } : { algo: s.algo, timeMs: s.timeMs } } : {}),
  };
}

export interface FieldsProps {
  opponent: "ai" | "human";
  s: NewGameSettings;
  set: (p: Partial<NewGameSettings>) => void;
  /** The form's ids: one per opponent, both forms are on the page. */
  id: (name: string) => string;
}

/** Black or white, or with swap2 who places the first three stones. */
export function ColorChoice({ opponent, s, set, id }: FieldsProps) {
  const t = useTranslations("lobby.form");
  return (
    <Segmented
      name={id("color")}
      value={String(s.color)}
      onChange={(v) => set({ color: Number(v) as Color })}
      options={[
        s.swap2
          ? { value: "1", label: t("youPlaceFirst"), title: t("youPlaceFirstTitle") }
          : { value: "1", label: opponent === "ai" ? `● ${t("blackYouFirst")}` : `● ${t("black")}`, title: t("blackFirstTitle") },
        s.swap2
          ? { value: "2", label: opponent === "ai" ? t("aiPlacesFirst") : t("friendPlacesFirst") }
          : { value: "2", label: opponent === "ai" ? `○ ${t("whiteAiFirst")}` : `○ ${t("white")}` },
      ]}
    />
  );
}

/** The AI's level; at full strength, its thinking time and its player. */
export function AiFields({ s, set, id }: FieldsProps) {
  const t = useTranslations("lobby.form");
  return (
    <>
      <Field label={t("aiLevel")} htmlFor={id("level")}>
        <select
          id={id("level")}
          className="select"
          value={s.level ?? ""}
          onChange={(e) => set({ level: e.target.value ? Number(e.target.value) : null })}
          data-testid="ai-level"
        >
          {LEVEL_NUMBERS.slice(0, -1).map((n) => (
            <option key={n} value={n}>
              {t("levelOption", { level: n, elo: levelElo(n) })}
            </option>
          ))}
          <option value="">{t("fullStrength")}</option>
        </select>
      </Field>
      {!s.level && <FullStrengthFields s={s} set={set} id={id} opponent="ai" />}
    </>
  );
}

/** Full strength: the AI's time a move and its player. */
function FullStrengthFields({ s, set, id }: FieldsProps) {
  const t = useTranslations("lobby.form");
  return (
    <>
      <Field label={t("aiTime")} htmlFor={id("time")}>
        <select id={id("time")} className="select" value={s.timeMs} onChange={(e) => set({ timeMs: Number(e.target.value) })} data-testid="ai-time">
          {AI_TIMES.map((ms) => (
            <option key={ms} value={ms}>
              {t("seconds", { n: ms / 1000 })}
              {ms === 200 ? ` ${t("quick")}` : ms === 10000 ? ` ${t("strongest")}` : ""}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("aiPlayer")} htmlFor={id("algo")}>
        <select id={id("algo")} className="select" value={s.algo} onChange={(e) => set({ algo: e.target.value as Algo })} data-testid="ai-algo">
          {ALGOS.map((a) => (
            <option key={a} value={a}>
              {t(`algo.${a}`)}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}

/** Swap2, the lab opening (not with swap2) and the clock with its minutes and increment. */
export function OptionChecks({ s, set, id }: FieldsProps) {
  const t = useTranslations("lobby.form");
  return (
    <div className="flex flex-col gap-2.5 text-sm">
      <label className="flex cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="size-4 accent-accent"
          checked={s.swap2}
          onChange={(e) => set({ swap2: e.target.checked })}
          data-testid="swap2-toggle"
        />
        <span>
          {t("swap2")} <span className="text-muted">{t("swap2Detail")}</span>
        </span>
      </label>
      <label className={`flex items-center gap-2 ${s.swap2 ? "opacity-50" : "cursor-pointer"}`}>
        <input
          type="checkbox"
          className="size-4 accent-accent"
          checked={s.lab && !s.swap2}
          disabled={s.swap2}
          onChange={(e) => set({ lab: e.target.checked })}
        />
        <span>
          {t("lab")} <span className="text-muted">{t("labDetail")}</span>
        </span>
      </label>
      <label className="flex cursor-pointer items-center gap-2">
        <input type="checkbox" className="size-4 accent-accent" checked={s.clockOn} onChange={(e) => set({ clockOn: e.target.checked })} />
        <span>{t("useClock")}</span>
      </label>
      {s.clockOn && (
        <div className="grid grid-cols-2 gap-3 pl-6">
          <Field label={t("minutes")} htmlFor={id("min")}>
            <select id={id("min")} className="select" value={s.minutes} onChange={(e) => set({ minutes: Number(e.target.value) })}>
              {CLOCK_MINUTES.map((m) => (
                <option key={m} value={m}>
                  {t("min", { n: m })}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("increment")} htmlFor={id("inc")}>
            <select id={id("inc")} className="select" value={s.increment} onChange={(e) => set({ increment: Number(e.target.value) })}>
              {INCREMENTS.map((n) => (
                <option key={n} value={n}>
                  +{t("seconds", { n })}
                </option>
              ))}
            </select>
          </Field>
        </div>
      )}
    </div>
  );
}
