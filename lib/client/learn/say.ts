// /learn's words as data: the step model says what happened as a message key (namespace
// "learn.steps") with values, some of them messages themselves; the page renders them with its
// translator (next-intl's t), tests with one made from messages/en. Values are strings already
// formatted (±∞, −3, 1/3), so the catalogue's ICU does no number formatting of its own.
export type MsgValue = string | number | Msg;
export interface Msg {
  key: string;
  values?: Record<string, MsgValue>;
}

export const msg = (key: string, values?: Record<string, MsgValue>): Msg => (values ? { key, values } : { key });

/** A translator: a message key and its (rendered) values → text. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Renders a message, its message values first. */
export function say(t: Translate, m: Msg): string {
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(m.values ?? {})) values[k] = typeof v === "object" ? say(t, v) : v;
  return t(m.key, values);
}

/** "4", "4 and 6", "4, 6 and 8" as one message (the catalogue joins the pairs). */
export function andList(xs: MsgValue[]): MsgValue {
  if (xs.length === 0) return "";
  if (xs.length === 1) return xs[0];
  if (xs.length === 2) return msg("listPair", { a: xs[0], b: xs[1] });
  return msg("listMore", { a: xs[0], rest: andList(xs.slice(1)) });
}
