"use client";
// The replay's controls under the board: the ply scrubber (first, previous, a range, next, last)
// and the display toggles.
import { useTranslations } from "next-intl";
import { Icon, STEP_ICONS } from "@/app/_components/Icon";

export function Toggle({
  checked,
  onChange,
  testId,
  children,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2">
      <input type="checkbox" className="size-4 accent-accent" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      {children}
    </label>
  );
}

export function Scrubber({ ply, total, onPly }: { ply: number; total: number; onPly: (p: number) => void }) {
  const btn = "btn-ghost size-10 shrink-0 px-0 py-0 text-base";
  const t = useTranslations("replay.scrubber");
  return (
    <div className="card flex items-center gap-2 px-2 py-2" data-testid="scrubber">
      <button className={btn} onClick={() => onPly(0)} disabled={ply === 0} aria-label={t("firstLabel")} title={t("first")} data-testid="first">
        <Icon d={STEP_ICONS.first} />
      </button>
      <button className={btn} onClick={() => onPly(ply - 1)} disabled={ply === 0} aria-label={t("prevLabel")} title={t("prev")} data-testid="prev">
        <Icon d={STEP_ICONS.prev} />
      </button>
      <input
        type="range"
        min={0}
        max={total}
        value={ply}
        onChange={(e) => onPly(Number(e.target.value))}
        className="min-w-0 flex-1 accent-accent"
        aria-label={t("move")}
        data-testid="ply-range"
      />
      <span className="w-20 shrink-0 text-center text-sm font-semibold tabular-nums" data-testid="ply-label">
        {ply} / {total}
      </span>
      <button className={btn} onClick={() => onPly(ply + 1)} disabled={ply === total} aria-label={t("nextLabel")} title={t("next")} data-testid="next">
        <Icon d={STEP_ICONS.next} />
      </button>
      <button className={btn} onClick={() => onPly(total)} disabled={ply === total} aria-label={t("lastLabel")} title={t("last")} data-testid="last">
        <Icon d={STEP_ICONS.last} />
      </button>
    </div>
  );
}
