"use client";
// "Watch AI vs AI": two engines' settings and a board; the match plays in a room anyone can watch.
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ALGOS, type Algo, type Rule } from "@/engine";
import { EV, type CreateAiMatch, type EngineSettings, type ErrorInfo } from "@/lib/shared/protocol";
import { request } from "@/lib/client/socket";
import { useTranslations } from "next-intl";
import { useErrorText, useRuleWords } from "../i18n/words";

const TIMES = [200, 500, 1000, 2000, 3000, 5000, 10000];
const DEPTHS = [0, 2, 4, 6, 8, 10, 12];
const RULES: Rule[] = ["freestyle", "exact5", "renju"];

export function AiMatchForm({ compact = false }: { compact?: boolean }) {
  const router = useRouter();
  const [size, setSize] = useState(15);
  const [rule, setRule] = useState<Rule>("freestyle");
  const [lab, setLab] = useState(false);
  const [swap2, setSwap2] = useState(false);
  const [black, setBlack] = useState<EngineSettings>({ algo: "alphabeta", timeMs: 1000 });
  const [white, setWhite] = useState<EngineSettings>({ algo: "alphabeta", timeMs: 500 });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const t = useTranslations("tv.match");
  const errorText = useErrorText();
  const rules = useRuleWords();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const payload: CreateAiMatch = { size, rule, labOpening: lab && !swap2, swap2, black, white };
    const ack = await request(EV.createAiMatch, payload);
    if (!ack.ok) {
      setError(ack.error);
      setBusy(false);
      return;
    }
    router.push(`/game/${ack.gameId}?watch=1`);
  }

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="ai-match-form">
      <div className={`grid gap-3 ${compact ? "" : "sm:grid-cols-2"}`}>
        <EngineFields label={`● ${t("black")}`} value={black} onChange={setBlack} id="b" />
        <EngineFields label={`○ ${t("white")}`} value={white} onChange={setWhite} id="w" />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label className="field-label" htmlFor="am-size">
            {t("board")}
          </label>
          <select id="am-size" className="select" value={size} onChange={(e) => setSize(Number(e.target.value))} data-testid="am-size">
            {[9, 11, 13, 15, 19, 20].map((s) => (
              <option key={s} value={s}>
                {s}×{s}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="field-label" htmlFor="am-rule">
            {t("rule")}
          </label>
          <select id="am-rule" className="select" value={rule} onChange={(e) => setRule(e.target.value as Rule)}>
            {RULES.map((r) => (
              <option key={r} value={r}>
                {rules.name(r)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-accent" checked={lab && !swap2} disabled={swap2} onChange={(e) => setLab(e.target.checked)} />
        {t("lab")} <span className="text-muted">{t("labDetail")}</span>
      </label>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-accent" checked={swap2} onChange={(e) => setSwap2(e.target.checked)} data-testid="am-swap2" />
        {t("swap2")} <span className="text-muted">{t("swap2Detail")}</span>
      </label>
      {error && (
        <p className="text-sm text-danger" role="alert">
          {errorText(error)}
        </p>
      )}
      <button type="submit" className="btn-primary w-full py-2.5" disabled={busy} data-testid="am-start">
        {busy ? t("starting") : t("start")}
      </button>
    </form>
  );
}

function EngineFields({ label, value, onChange, id }: { label: string; value: EngineSettings; onChange: (v: EngineSettings) => void; id: string }) {
  const t = useTranslations("tv.match");
  return (
    <fieldset className="rounded-lg border border-line bg-page/40 p-3">
      <legend className="px-1 text-sm font-bold">{label}</legend>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label className="field-label" htmlFor={`am-${id}-time`}>
            {t("time")}
          </label>
          <select
            id={`am-${id}-time`}
            className="select"
            value={value.timeMs}
            onChange={(e) => onChange({ ...value, timeMs: Number(e.target.value) })}
            data-testid={`am-${id}-time`}
          >
            {TIMES.map((ms) => (
              <option key={ms} value={ms}>
                {t("seconds", { n: ms / 1000 })}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="field-label" htmlFor={`am-${id}-depth`}>
            {t("depth")}
          </label>
          <select
            id={`am-${id}-depth`}
            className="select"
            value={value.maxDepth ?? 0}
            onChange={(e) => {
              const d = Number(e.target.value);
              const { maxDepth: _drop, ...rest } = value;
              onChange(d ? { ...rest, maxDepth: d } : rest);
            }}
            data-testid={`am-${id}-depth`}
          >
            {DEPTHS.map((d) => (
              <option key={d} value={d}>
                {d === 0 ? t("noDepth") : d}
              </option>
            ))}
          </select>
        </div>
        {ALGOS.length > 1 && (
          <div className="col-span-2">
            <label className="field-label" htmlFor={`am-${id}-algo`}>
              {t("algorithm")}
            </label>
            <select id={`am-${id}-algo`} className="select" value={value.algo} onChange={(e) => onChange({ ...value, algo: e.target.value as Algo })}>
              {ALGOS.map((a) => (
                <option key={a} value={a}>
                  {t(`algo.${a}`)}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
    </fieldset>
  );
}
