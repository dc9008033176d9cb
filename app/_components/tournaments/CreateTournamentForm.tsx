"use client";
// The create form of /tournaments: an arena (its length) or a Swiss event (its rounds), the board,
// rule and clock, and when it starts. The server checks all of it again (lib/shared/tournaments).
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { TOURNAMENT_CLOCKS, TOURNAMENT_LIMITS, TOURNAMENT_SIZES, type CreateTournamentInput } from "@/lib/shared/tournaments";
import { useErrorText } from "../i18n/words";
import { tourApi } from "./api";

// A Swiss event pairs its first round at its start, with those who joined: "now" would start it (and end it, nobody
// there) before anyone, even its creator, could join. It starts in 5 minutes at the soonest (the server refuses sooner).
const SWISS_SOONEST = TOURNAMENT_LIMITS.swissStartsInMinutesMin;
const STARTS_IN = [0, 5, 10, 30, 60];
const LENGTHS = [20, 30, 45, 60, 90, 120, 180];
const ROUNDS = [3, 4, 5, 6, 7, 9];
const RULES = ["freestyle", "exact5", "renju"] as const;

export function CreateTournamentForm() {
  const t = useTranslations("tournaments");
  const errorText = useErrorText();
  const router = useRouter();
  const id = useId();
  const [f, setF] = useState<CreateTournamentInput>({
    kind: "arena",
    name: "",
    size: 15,
    rule: "freestyle",
    clock: "3+2",
    startsInMinutes: 0,
    minutes: 30,
    rounds: 5,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (p: Partial<CreateTournamentInput>) => setF((x) => ({ ...x, ...p }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const body = { ...f, ...(f.kind === "arena" ? { rounds: undefined } : { minutes: undefined }) };
    const a = await tourApi<{ id: string }>("", body).catch(() => null);
    setBusy(false);
    if (!a) return setError(t("noAnswer"));
    if (!a.ok) return setError(errorText(a.error));
    router.push(`/tournament/${a.id}`);
  };
  const select = (key: string, label: string, value: string | number, options: Array<[string | number, string]>, on: (v: string) => void) => (
    <Choice id={`${id}-${key}`} testId={`tour-${key}`} label={label} value={value} options={options} onChange={on} />
  );
  return (
    <form onSubmit={(e) => void submit(e)} className="card space-y-3 p-4" aria-labelledby={`${id}-h`} data-testid="create-tournament">
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {t("create.heading")}
      </h2>
      <div>
        <label htmlFor={`${id}-name`} className="field-label">
          {t("create.name")}
        </label>
        <input
          id={`${id}-name`}
          className="select"
          required
          minLength={TOURNAMENT_LIMITS.nameMin}
          maxLength={TOURNAMENT_LIMITS.nameMax}
          value={f.name}
          onChange={(e) => set({ name: e.target.value })}
          data-testid="tour-name"
        />
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {select(
          "kind",
          t("create.kind"),
          f.kind,
          [
            ["arena", t("arena")],
            ["swiss", t("swiss")],
          ],
          (v) => set({ kind: v as "arena", ...(v === "swiss" && f.startsInMinutes < SWISS_SOONEST ? { startsInMinutes: SWISS_SOONEST } : {}) }),
        )}
        {f.kind === "arena"
          ? select(
              "minutes",
              t("create.minutes"),
              f.minutes ?? 30,
              LENGTHS.map((m) => [m, String(m)]),
              (v) => set({ minutes: Number(v) }),
            )
          : select(
              "rounds",
              t("create.rounds"),
              f.rounds ?? 5,
              ROUNDS.map((r) => [r, String(r)]),
              (v) => set({ rounds: Number(v) }),
            )}
        {select(
          "size",
          t("create.size"),
          f.size,
          TOURNAMENT_SIZES.map((s) => [s, `${s}×${s}`]),
          (v) => set({ size: Number(v) as 15 }),
        )}
        {select(
          "rule",
          t("create.rule"),
          f.rule,
          RULES.map((r) => [r, t(`rules.${r}`)]),
          (v) => set({ rule: v as "freestyle" }),
        )}
        {select(
          "clock",
          t("create.clock"),
          f.clock,
          TOURNAMENT_CLOCKS.map((c) => [c, c]),
          (v) => set({ clock: v as "3+2" }),
        )}
        {select(
          "starts",
          t("create.startsIn"),
          f.startsInMinutes,
          STARTS_IN.filter((m) => f.kind === "arena" || m >= SWISS_SOONEST).map((m) => [m, m === 0 ? t("create.now") : t("create.inMinutes", { minutes: m })]),
          (v) => set({ startsInMinutes: Number(v) }),
        )}
      </div>
      <p className="text-sm text-muted">{t("create.limits")}</p>
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="tour-create">
        {busy ? t("create.creating") : t("create.submit")}
      </button>
    </form>
  );
}

/** A labelled select. */
function Choice(p: {
  id: string;
  testId: string;
  label: string;
  value: string | number;
  options: Array<[string | number, string]>;
  onChange: (v: string) => void;
}) {
  return (
    <div>
      <label htmlFor={p.id} className="field-label">
        {p.label}
      </label>
      <select id={p.id} className="select" value={p.value} onChange={(e) => p.onChange(e.target.value)} data-testid={p.testId}>
        {p.options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
