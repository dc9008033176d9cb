// A fresh analysis board of another size or rule: a plain GET form to /analysis?size=&rule= (the
// board on screen is left behind; its address still holds it).
import { useTranslations } from "next-intl";
import type { Rule } from "@/engine";
import { PLAY_SIZES, useRuleChoices } from "../i18n/words";

export function NewBoardForm({ size, rule }: { size: number; rule: Rule }) {
  const t = useTranslations("analysisBoard");
  const rules = useRuleChoices();
  return (
    <form method="get" action="/analysis" className="card flex flex-wrap items-end gap-2 p-4" data-testid="new-board">
      <label className="flex flex-col text-xs">
        <span className="field-label">{t("size")}</span>
        <select name="size" defaultValue={String(size)} className="select" data-testid="new-board-size">
          {PLAY_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}×{s}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-xs">
        <span className="field-label">{t("rule")}</span>
        <select name="rule" defaultValue={rule} className="select" data-testid="new-board-rule">
          {rules.map((r) => (
            <option key={r.value} value={r.value} title={r.title}>
              {r.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn-ghost" data-testid="new-board-submit">
        {t("newBoard")}
      </button>
    </form>
  );
}
