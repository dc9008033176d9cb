// The rules' names and one-line explanations, once for every page and form that shows or offers them.
import type { Rule } from "../../engine";

export interface RuleOption {
  value: Rule;
  label: string;
  title: string;
}

export const RULE_OPTIONS: readonly RuleOption[] = [
  { value: "freestyle", label: "Freestyle", title: "Five or more in a row wins" },
  { value: "exact5", label: "Exactly five", title: "An overline (six or more) does not win" },
  {
    value: "renju",
    label: "Renju",
    title: "Black may not make a double three, a double four or an overline (marked ×) and wins with exactly five; white wins with five or more",
  },
];

/** "Freestyle", "Exactly five", "Renju" (unknown values as they are). */
export const ruleName = (rule: string): string => RULE_OPTIONS.find((o) => o.value === rule)?.label ?? rule;

/** The same in running text: "freestyle", "exactly five", "renju". */
export const ruleText = (rule: string): string => ruleName(rule).toLowerCase();
