"use client";
// The engine tournament form of /tournaments (issue 30 part 3): a round robin or a gauntlet between
// 2–6 AI configurations (algorithm, time a move, depth cap or level), the board, rule and cycles.
// The server checks all of it again and caps it (lib/server/tournaments/engine).
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import type { EngineSettings } from "@/lib/shared/protocol";
import { ENGINE_EVENT_LIMITS, ENGINE_FORMATS, ENGINE_SIZES, TOURNAMENT_LIMITS, engineGames, type EngineFormat } from "@/lib/shared/tournaments";
import { useErrorText } from "../i18n/words";
import { tourApi } from "./api";

const ALGOS = ["alphabeta", "mcts", "casual"] as const;
const TIMES = [100, 200, 500, 1000, 2000];
const DEPTHS = [0, 1, 2, 4, 6, 8];
const LEVELS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const RULES = ["freestyle", "exact5", "renju"] as const;
const CAPS = ENGINE_EVENT_LIMITS.visitor;

const START: EngineSettings[] = [
  { algo: "alphabeta", timeMs: 200, level: 3 },
  { algo: "alphabeta", timeMs: 200, level: 6 },
  { algo: "mcts", timeMs: 200 },
];

export function CreateEngineTournamentForm() {
  const t = useTranslations("tournaments.engines");
  const tt = useTranslations("tournaments");
  const errorText = useErrorText();
  const router = useRouter();
  const id = useId();
  const [name, setName] = useState("");
  const [format, setFormat] = useState<EngineFormat>("roundrobin");
  const [size, setSize] = useState<number>(15);
  const [rule, setRule] = useState<(typeof RULES)[number]>("freestyle");
  const [cycles, setCycles] = useState(1);
  const [configs, setConfigs] = useState<EngineSettings[]>(START);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const games = engineGames(format, configs.length, cycles);
  const tooMany = games > CAPS.gamesMax;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const a = await tourApi<{ id: string }>("/engine", { name, format, size, rule, cycles, configs: configs.map((engine) => ({ engine })) }).catch(() => null);
    setBusy(false);
    if (!a) return setError(tt("noAnswer"));
    if (!a.ok) return setError(errorText(a.error));
    router.push(`/tournament/${a.id}`);
  };
  const choice = (key: string, label: string, value: string | number, options: Array<[string | number, string]>, on: (v: string) => void) => (
    <Choice id={`${id}-${key}`} testId={`engine-${key}`} label={label} value={value} options={options} onChange={on} />
  );
  return (
    <form onSubmit={(e) => void submit(e)} className="card space-y-3 p-4" aria-labelledby={`${id}-h`} data-testid="create-engine-tournament">
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <p className="text-sm text-muted">{t("intro")}</p>
      <div>
        <label htmlFor={`${id}-name`} className="field-label">
          {t("name")}
        </label>
        <input
          id={`${id}-name`}
          className="select"
          required
          minLength={TOURNAMENT_LIMITS.nameMin}
          maxLength={TOURNAMENT_LIMITS.nameMax}
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-testid="engine-name"
        />
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {choice(
          "format",
          t("format"),
          format,
          ENGINE_FORMATS.map((f) => [f, t(f)]),
          (v) => setFormat(v as EngineFormat),
        )}
        {choice(
          "cycles",
          t("cycles"),
          cycles,
          [1, 2, 3, 4, 5].map((c) => [c, String(c)]),
          (v) => setCycles(Number(v)),
        )}
        {choice(
          "size",
          tt("create.size"),
          size,
          ENGINE_SIZES.map((s) => [s, `${s}×${s}`]),
          (v) => setSize(Number(v)),
        )}
        {choice(
          "rule",
          tt("create.rule"),
          rule,
          RULES.map((r) => [r, tt(`rules.${r}`)]),
          (v) => setRule(v as "freestyle"),
        )}
      </div>
      <Configs configs={configs} setConfigs={setConfigs} />
      <p className={`text-sm ${tooMany ? "text-danger" : "text-muted"}`} data-testid="engine-games">
        {t("games", { games })} {t("limits", { configs: CAPS.configsMax, games: CAPS.gamesMax, seconds: CAPS.timeMsMax / 1000 })}
      </p>
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy || tooMany} data-testid="engine-create">
        {busy ? tt("create.creating") : t("submit")}
      </button>
    </form>
  );
}

/** The configurations: algorithm, time a move, depth cap and level (alpha-beta only) each; add and remove. */
function Configs({ configs, setConfigs }: { configs: EngineSettings[]; setConfigs: (f: (cs: EngineSettings[]) => EngineSettings[]) => void }) {
  const t = useTranslations("tournaments.engines");
  const id = useId();
  const change = (i: number, p: Partial<EngineSettings>) =>
    setConfigs((cs) =>
      cs.map((c, k) => {
        if (k !== i) return c;
        const next = { ...c, ...p };
        if (!next.maxDepth) delete next.maxDepth;
        if (!next.level || next.algo !== "alphabeta") delete next.level;
        return next;
      }),
    );
  const choice = (key: string, label: string, value: string | number, options: Array<[string | number, string]>, on: (v: string) => void) => (
    <Choice id={`${id}-${key}`} testId={`engine-${key}`} label={label} value={value} options={options} onChange={on} />
  );
  return (
    <fieldset className="space-y-2">
      <legend className="field-label">{t("configs")}</legend>
      {configs.map((c, i) => (
        <fieldset key={i} className="rounded border border-line p-2" data-testid="engine-config">
          <legend className="px-1 text-sm font-semibold">{t("configN", { n: i + 1 })}</legend>
          <div className="grid grid-cols-2 gap-2">
            {choice(
              `algo-${i}`,
              t("algo"),
              c.algo,
              ALGOS.map((a) => [a, t(`algos.${a}`)]),
              (v) => change(i, { algo: v as "alphabeta" }),
            )}
            {choice(
              `time-${i}`,
              t("timeMs"),
              c.timeMs,
              TIMES.map((ms) => [ms, t("seconds", { s: ms / 1000 })]),
              (v) => change(i, { timeMs: Number(v) }),
            )}
            {choice(
              `depth-${i}`,
              t("depth"),
              c.maxDepth ?? 0,
              DEPTHS.map((d) => [d, d ? String(d) : t("noCap")]),
              (v) => change(i, { maxDepth: Number(v) || undefined }),
            )}
            {c.algo === "alphabeta" &&
              choice(
                `level-${i}`,
                t("level"),
                c.level ?? 0,
                LEVELS.map((l) => [l, l ? String(l) : t("fullStrength")]),
                (v) => change(i, { level: Number(v) || undefined }),
              )}
          </div>
          {configs.length > ENGINE_EVENT_LIMITS.configsMin && (
            <button type="button" className="btn btn-ghost mt-1 text-sm" onClick={() => setConfigs((cs) => cs.filter((_, k) => k !== i))}>
              {t("remove", { n: i + 1 })}
            </button>
          )}
        </fieldset>
      ))}
      {configs.length < CAPS.configsMax && (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => setConfigs((cs) => [...cs, { algo: "alphabeta", timeMs: 200 }])}
          data-testid="engine-add"
        >
          {t("add")}
        </button>
      )}
    </fieldset>
  );
}

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
      <select id={p.id} className="select" value={p.value} onChange={(ev) => p.onChange(ev.target.value)} data-testid={p.testId}>
        {p.options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
