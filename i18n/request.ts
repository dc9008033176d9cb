// next-intl's per-request configuration (named in next.config.js): the locale the proxy chose
// (proxy.ts, header LOCALE_HEADER), or, if the proxy did not run, the cookie and Accept-Language.
import { getRequestConfig } from "next-intl/server";
import { cookies, headers } from "next/headers";
import { chooseLocale, LOCALE_COOKIE, LOCALE_HEADER, toLocale } from "./locales";
import { loadMessages } from "./messages";

export default getRequestConfig(async () => {
  const h = await headers();
  const locale =
    toLocale(h.get(LOCALE_HEADER)) ?? chooseLocale({ cookie: (await cookies()).get(LOCALE_COOKIE)?.value, acceptLanguage: h.get("accept-language") });
  return { locale, messages: loadMessages(locale) };
});
