"use client";
// English / 简体中文 in the Nav: sets the NEXT_LOCALE cookie (i18n/locales.ts) and re-renders the
// page in the new language (the server reads the cookie). The choice is also kept with the player
// (POST /api/me/locale), so an account that signs in on another device gets its language back.
import { useLocale } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useTransition } from "react";
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, toLocale, type Locale } from "@/i18n/locales";
import { saveLocale, useMe } from "@/lib/client/identity";

function setCookie(locale: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
}

export function LanguageSwitcher() {
  const locale = toLocale(useLocale()) ?? "en";
  const router = useRouter();
  const me = useMe();
  const [pending, start] = useTransition();

  // Keep the page and the player's profile in step: an address's ?lang= is a choice to remember;
  // otherwise an account's remembered language wins over a first guess (Accept-Language) here.
  useEffect(() => {
    if (!me) return;
    const fromUrl = toLocale(new URL(window.location.href).searchParams.get("lang"));
    if (fromUrl) {
      if (me.locale !== fromUrl) void saveLocale(fromUrl);
    } else if (me.account && me.locale && me.locale !== locale) {
      setCookie(me.locale);
      start(() => router.refresh());
    }
  }, [me, locale, router]);

  async function choose(next: Locale) {
    if (next === locale) return;
    setCookie(next);
    // A `?lang=` in the address would choose again on the next load: drop it.
    const url = new URL(window.location.href);
    if (url.searchParams.has("lang")) {
      url.searchParams.delete("lang");
      window.history.replaceState(null, "", url);
    }
    if (me) await saveLocale(next); // a refusal (no session, rate limit) leaves the cookie's choice
    start(() => router.refresh());
  }
  return (
    <div className="flex shrink-0 items-center gap-0.5 text-xs" data-testid="language-switcher" aria-busy={pending}>
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          onClick={() => void choose(l)}
          aria-pressed={l === locale}
          data-testid={`lang-${l}`}
          className={`rounded px-1.5 py-1 font-semibold ${l === locale ? "bg-wood/40 text-ink" : "text-muted hover:bg-wood/20 hover:text-ink"}`}
        >
          {LOCALE_NAMES[l]}
        </button>
      ))}
    </div>
  );
}
