"use client";
// The explainer's choices (the tree, the algorithm, the children's order): a labelled group, and a
// row of buttons of which one is pressed.
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { ALGORITHMS, type Algorithm } from "@/lib/client/learn/steps";
import { PRESETS, type PresetId } from "@/lib/client/learn/tree";
import type { Order } from "./Cards";

export function Choices({
  source,
  algo,
  chance,
  minAsChance,
  order,
  onPreset,
  onAlgorithm,
  onOrder,
}: {
  source: PresetId | "custom";
  algo: Algorithm;
  /** The tree has chance nodes: expectimax only. */
  chance: boolean;
  /** Expectimax on a tree without chance nodes: its MIN nodes read as chance. */
  minAsChance: boolean;
  order: Order;
  onPreset: (id: PresetId) => void;
  onAlgorithm: (id: Algorithm) => void;
  onOrder: (id: Order) => void;
}) {
  const t = useTranslations("learn");
  const blurb = source === "custom" ? t("customBlurb") : t(`presets.${source}.blurb`);
  return (
    <section className="card flex flex-wrap items-end gap-x-6 gap-y-3 p-4" aria-label={t("choose")}>
      <Group label={t("treeLabel")}>
        <Segmented
          options={PRESETS.map((p) => ({ id: p.id, label: t(`presets.${p.id}.label`) }))}
          value={source === "custom" ? null : source}
          onChange={(id) => onPreset(id as PresetId)}
          extra={source === "custom" ? <span className="rounded-md bg-wood/40 px-3 py-1.5 text-sm font-semibold">{t("custom")}</span> : null}
        />
      </Group>
      <Group label={t("algorithm")}>
        <Segmented
          options={ALGORITHMS.map((a) => ({
            id: a.id,
            label: t(`algorithms.${a.id}`),
            disabled: chance && a.id !== "expectimax",
            title: chance && a.id !== "expectimax" ? t("onlyExpectimax") : undefined,
          }))}
          value={algo}
          onChange={(id) => onAlgorithm(id as Algorithm)}
        />
      </Group>
      <Group label={t("childOrder")}>
        <Segmented
          options={[
            { id: "given", label: t("order.given") },
            { id: "best", label: t("order.best") },
            { id: "worst", label: t("order.worst") },
          ]}
          value={order}
          onChange={(id) => onOrder(id as Order)}
        />
      </Group>
      <p className="w-full text-sm text-muted" data-testid="tree-blurb">
        {blurb}
        {minAsChance && <span className="ml-1 text-[#1e3a6e]">{t("minAsChance")}</span>}
        {order !== "given" && <span className="ml-1">{t("reordered", { order })}</span>}
      </p>
    </section>
  );
}

export function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <span className="field-label">{label}</span>
      {children}
    </div>
  );
}

export function Segmented({
  options,
  value,
  onChange,
  extra,
}: {
  options: Array<{ id: string; label: string; disabled?: boolean; title?: string }>;
  value: string | null;
  onChange: (id: string) => void;
  extra?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1 rounded-lg border border-line bg-white/70 p-1">
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          aria-pressed={value === o.id}
          disabled={o.disabled}
          title={o.title}
          onClick={() => onChange(o.id)}
          className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-40 ${
            value === o.id ? "bg-accent text-white shadow-sm" : "text-ink hover:bg-wood/25"
          }`}
        >
          {o.label}
        </button>
      ))}
      {extra}
    </div>
  );
}
