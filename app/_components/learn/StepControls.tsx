"use client";
// Stepping through the search: the step's badge, the controls (first, back, play, forward, last,
// a slider, the speed) and the tree's legend.
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Icon } from "@/app/_components/Icon";
import type { Algorithm, StepKind, snapshotAt } from "@/lib/client/learn/steps";
import { useSay } from "./useSay";
import { KIND_COLOR } from "./TreeView";
import type { Stepper } from "./useStepper";

const SPEEDS = [
  { ms: 1400, label: "slow" },
  { ms: 800, label: "normal" },
  { ms: 350, label: "fast" },
] as const;

const ICONS = {
  first: "M6 5v14M18 6l-8 6 8 6z",
  last: "M18 5v14M6 6l8 6-8 6z",
  back: "M16 6l-8 6 8 6z",
  forward: "M8 6l8 6-8 6z",
};

const BADGES: Record<StepKind, string> = {
  start: "bg-line text-ink",
  enter: "bg-[#fbe9c6] text-[#7a4d00]",
  leaf: "bg-white text-ink border border-line",
  backup: "bg-[#e6f0d8] text-[#2f4f14]",
  cut: "bg-danger text-white",
  exit: "bg-[#e1e9f7] text-[#1e3a6e]",
};

/** The step's badge and its narration (a cut-off's reason in bold). */
export function Narration({ step }: { step: ReturnType<typeof snapshotAt>["step"] }) {
  const sayIt = useSay();
  const narration = sayIt(step.narration);
  const cutText = step.kind === "cut" && step.cutText ? sayIt(step.cutText) : null;
  return (
    <div className="mb-3 flex min-h-[4.5rem] items-start gap-3" aria-live="polite">
      <StepBadge kind={step.kind} />
      <p className="text-[15px] leading-relaxed" data-testid="narration">
        {cutText && narration.startsWith(cutText) ? (
          <>
            <strong className="text-danger">{cutText}</strong> {narration.slice(cutText.length).trimStart()}
          </>
        ) : (
          narration
        )}
      </p>
    </div>
  );
}

function StepBadge({ kind }: { kind: StepKind }) {
  const t = useTranslations("learn.badges");
  return (
    <span className={`mt-0.5 shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase ${BADGES[kind]}`} data-testid="step-kind">
      {t(kind)}
    </span>
  );
}

export function Controls({ stepper: s, last }: { stepper: Stepper; last: number }) {
  // Any control but play stops the playing.
  const stepTo = (f: (n: number) => number) => {
    s.setPlaying(false);
    s.go(f);
  };
  const p = {
    i: s.i,
    last,
    playing: s.playing,
    speed: s.speed,
    onSpeed: s.setSpeed,
    onReset: () => stepTo(() => 0),
    onBack: () => stepTo((n) => n - 1),
    onForward: () => stepTo((n) => n + 1),
    onEnd: () => stepTo(() => Infinity),
    onPlay: () => {
      if (s.atEnd) s.go(() => 0);
      s.setPlaying((on) => !on);
    },
    onSlide: (n: number) => stepTo(() => n),
  };
  const iconBtn = "btn-ghost !px-3 !py-1.5 min-w-10 text-base leading-none";
  const t = useTranslations("learn.controls");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className={iconBtn} onClick={p.onReset} disabled={p.i === 0} aria-label={t("reset")} title={t("resetTitle")}>
        <Icon d={ICONS.first} />
      </button>
      <button type="button" className={iconBtn} onClick={p.onBack} disabled={p.i === 0} aria-label={t("back")} title={t("backTitle")}>
        <Icon d={ICONS.back} />
      </button>
      <button type="button" className="btn-primary !py-1.5 min-w-24" onClick={p.onPlay} aria-label={p.playing ? t("pause") : t("play")} data-testid="play">
        {p.playing ? (
          <>
            <Icon d="M7 5h3v14H7zM14 5h3v14h-3z" /> {t("pause")}
          </>
        ) : (
          <>
            <Icon d={ICONS.forward} /> {t("play")}
          </>
        )}
      </button>
      <button type="button" className={iconBtn} onClick={p.onForward} disabled={p.i === p.last} aria-label={t("forward")} title={t("forwardTitle")}>
        <Icon d={ICONS.forward} />
      </button>
      <button type="button" className={iconBtn} onClick={p.onEnd} disabled={p.i === p.last} aria-label={t("end")} title={t("endTitle")}>
        <Icon d={ICONS.last} />
      </button>
      <input
        type="range"
        min={0}
        max={p.last}
        value={p.i}
        onChange={(e) => p.onSlide(Number(e.target.value))}
        aria-label={t("step")}
        className="mx-1 min-w-32 flex-1 accent-[#5b8a2f]"
      />
      <span className="w-24 text-right text-sm text-muted tabular-nums" data-testid="step-counter">
        {t("counter", { i: p.i, last: p.last })}
      </span>
      <select className="select !w-auto !py-1" value={p.speed} onChange={(e) => p.onSpeed(Number(e.target.value))} aria-label={t("speed")}>
        {SPEEDS.map((s) => (
          <option key={s.ms} value={s.ms}>
            {t(s.label)}
          </option>
        ))}
      </select>
      <p className="w-full text-xs text-muted">{t("keys")}</p>
    </div>
  );
}

export function Legend({ algo }: { algo: Algorithm }) {
  const t = useTranslations("learn.legend");
  const item = (glyph: ReactNode, text: string) => (
    <span className="inline-flex items-center gap-1.5">
      <svg width="18" height="16" viewBox="0 0 18 16" aria-hidden="true">
        {glyph}
      </svg>
      {text}
    </span>
  );
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1 px-4 pb-3 text-xs text-muted">
      {item(<polygon points="9,1 17,14 1,14" fill={KIND_COLOR.MAX.fill} stroke={KIND_COLOR.MAX.stroke} strokeWidth="1.5" />, t("max"))}
      {item(<polygon points="1,2 17,2 9,15" fill={KIND_COLOR.MIN.fill} stroke={KIND_COLOR.MIN.stroke} strokeWidth="1.5" />, t("min"))}
      {item(<circle cx="9" cy="8" r="6.5" fill={KIND_COLOR.CHANCE.fill} stroke={KIND_COLOR.CHANCE.stroke} strokeWidth="1.5" />, t("chance"))}
      {item(<rect x="2" y="3" width="14" height="10" rx="2" fill="#fff" stroke="#8a7d6a" strokeWidth="1.5" />, t("leaf"))}
      {item(<circle cx="9" cy="8" r="6" fill="none" stroke="#e09a12" strokeWidth="2.5" />, t("current"))}
      {item(<line x1="1" y1="8" x2="17" y2="8" stroke="#6d5f4c" strokeWidth="2" />, t("searched"))}
      {algo === "alphabeta" && item(<line x1="1" y1="8" x2="17" y2="8" stroke="#b9b0a2" strokeWidth="2" strokeDasharray="4 3" />, t("pruned"))}
      <span className="inline-flex items-center gap-1.5">
        <i className="not-italic font-bold italic">7</i> = {t("bestSoFar")}
      </span>
      {algo === "alphabeta" && <span>≤2 / ≥13 = {t("boundOnly")}</span>}
    </div>
  );
}
