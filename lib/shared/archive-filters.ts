// The archive's filters in its address (/games?player=…&result=…&rule=…&size=…&from=…&to=…): read
// and checked with the same zod fields the server checks (lib/shared/protocol ListGamesSchema), so a
// value out of range is refused on the page with the field's name, never sent. Empty fields (a form
// sent with blanks) are no filter. Browser-safe.
import { ListGamesSchema } from "./protocol";

export type ArchiveFilters = {
  player?: string;
  result?: "black" | "white" | "draw" | "unknown";
  rule?: "freestyle" | "exact5" | "renju";
  size?: number;
  from?: string;
  to?: string;
};

export const FILTER_FIELDS = ["player", "result", "rule", "size", "from", "to"] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** The filter fields of ListGamesSchema alone. */
const FiltersSchema = ListGamesSchema.pick({ player: true, result: true, rule: true, size: true, from: true, to: true });

export type FiltersRead = { ok: true; filters: ArchiveFilters } | { ok: false; field: FilterField | "range"; value: string };

/** The filters of an address's query; the first bad field when one is out of range (or the days are the wrong way round). */
export function readArchiveFilters(sp: Record<string, string | string[] | undefined>): FiltersRead {
  const raw: Record<string, string | number> = {};
  for (const f of FILTER_FIELDS) {
    const v = sp[f];
    if (v === undefined || v === "") continue;
    const text = Array.isArray(v) ? (v[0] ?? "") : v;
    if (text === "") continue;
    // The size is a number on the wire: a text that is not digits stays text, and is refused below.
    raw[f] = f === "size" && /^\d{1,3}$/.test(text) ? Number(text) : text.slice(0, 100);
  }
  const parsed = FiltersSchema.safeParse(raw);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0] as FilterField;
    return { ok: false, field, value: String(raw[field] ?? "").slice(0, 40) };
  }
  const f = parsed.data as ArchiveFilters;
  if (f.from && f.to && f.from > f.to) return { ok: false, field: "range", value: `${f.from} > ${f.to}` };
  return { ok: true, filters: f };
}

/** The filters as query fields (for links that keep them). */
export function filterQuery(f: ArchiveFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of FILTER_FIELDS) if (f[k] !== undefined) out[k] = String(f[k]);
  return out;
}
