// A translator over the real catalogues for tests (no React): say(msg) in English or Chinese, the
// same messages the pages render with next-intl.
import { createTranslator } from "next-intl";
import { readCatalogue } from "@/i18n/messages";
import type { Locale } from "@/i18n/locales";
import { say, type Msg, type Translate } from "@/lib/client/learn/say";

export function translator(locale: Locale, namespace: string): Translate {
  const t = createTranslator({ locale, messages: readCatalogue(locale), namespace: namespace as never });
  return (key, values) => (t as unknown as Translate)(key, values);
}

/** A learn step's message in words. */
export function sayIn(locale: Locale): (m: Msg | undefined) => string {
  const t = translator(locale, "learn.steps");
  return (m) => (m ? say(t, m) : "");
}
