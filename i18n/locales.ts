// The site's languages and how a request's language is chosen (pure: the proxy and tests use it).
// Order: `?lang=` in the URL, then the NEXT_LOCALE cookie, then the browser's Accept-Language.
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "NEXT_LOCALE";
/** The request header the proxy hands the chosen locale to i18n/request.ts in. */
export const LOCALE_HEADER = "x-gomoku-locale";
/** Each language's name in itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

/** A known locale for a tag we were handed ("zh-CN", "zh", "zh-Hans", "en-GB"…), or null. */
export function toLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const t = tag.trim().toLowerCase();
  if (t === "zh" || t.startsWith("zh-") || t.startsWith("zh_")) return t.includes("tw") || t.includes("hk") || t.includes("hant") ? null : "zh-CN";
  if (t === "en" || t.startsWith("en-") || t.startsWith("en_")) return "en";
  return null;
}

/** The best of our locales for an Accept-Language header ("zh-CN,zh;q=0.9,en;q=0.8"), or null. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranked) {
    const l = toLocale(r.tag);
    if (l) return l;
  }
  return null;
}

/** The request's locale: the URL's `?lang=`, else the cookie, else Accept-Language, else English. */
export function chooseLocale(input: { query?: string | null; cookie?: string | null; acceptLanguage?: string | null }): Locale {
  return toLocale(input.query) ?? toLocale(input.cookie) ?? fromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}
