"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { useMe } from "@/lib/client/identity";
import { LanguageSwitcher } from "./i18n/LanguageSwitcher";
import { AlertSettings } from "./alerts/AlertSettings";
import { NavLinks } from "./NavLinks";
import { DeferredCorrTurnsLink as CorrTurnsLink } from "./people/DeferredPeople";

const LINKS = [
  { href: "/", label: "play" },
  { href: "/tv", label: "watch" },
  { href: "/games", label: "games" },
  { href: "/leaderboard", label: "leaderboard" },
  { href: "/tournaments", label: "tournaments" },
  { href: "/players", label: "players" },
  { href: "/analysis", label: "analyse" },
  { href: "/puzzles", label: "puzzles" },
  { href: "/learn", label: "learn" },
] as const;

export function Nav() {
  const path = usePathname();
  const me = useMe();
  const t = useTranslations("common.nav");
  const brand = useTranslations("common")("brand");
  // A game opened to watch (?watch=1, as the TV's links open them) belongs to Watch, not Play. Read
  // after mount: useSearchParams would make every page wait for a Suspense boundary.
  const [watching, setWatching] = useState(false);
  useEffect(() => setWatching(new URLSearchParams(window.location.search).has("watch")), [path]);
  const game = path.startsWith("/game/");
  const active = (href: string) =>
    href === "/" ? path === "/" || (game && !watching) : href === "/tv" ? path.startsWith("/tv") || (game && watching) : path.startsWith(href);
  return (
    <header className="relative z-30 border-b border-line bg-card/80 backdrop-blur">
      {/* One row at every width: on a phone the links open from a Menu button (./NavLinks); a long
          name gives way (cut) rather than pushing the language to a row of its own. */}
      <nav className="mx-auto flex max-w-7xl flex-nowrap items-center gap-x-1 px-3 py-2 sm:gap-x-3 sm:px-4 sm:py-2.5" aria-label={t("label")}>
        {/* On a phone only the logo shows (aria-hidden): the link is named by the brand, or it would have no name. */}
        <Link href="/" className="mr-1 flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight sm:mr-3" aria-label={brand}>
          <Logo />
          <span className="hidden sm:inline">
            Gomoku<span className="text-accent">Arena</span>
          </span>
        </Link>
        <NavLinks>
          {LINKS.map((l) => (
            <Link
              key={l.href}
              href={l.href}
              aria-current={active(l.href) ? "page" : undefined}
              className={`shrink-0 rounded-md px-2.5 py-1.5 text-sm xl:px-2 font-semibold transition-colors ${
                active(l.href) ? "bg-wood/40 text-ink" : "text-muted hover:bg-wood/20 hover:text-ink"
              }`}
            >
              {t(l.label)}
            </Link>
          ))}
        </NavLinks>
        <Link
          href="/account"
          className="ml-auto max-w-48 min-w-0 truncate rounded-md px-2.5 py-1.5 text-sm font-semibold text-muted hover:bg-wood/20 hover:text-ink"
          data-testid="nav-me"
          title={me ? (me.account ? t("account") : t("guestTitle")) : undefined}
        >
          {me ? me.name : "…"}
          {me && !me.account && <span className="ml-1 text-xs font-normal">{t("guest")}</span>}
        </Link>
        <CorrTurnsLink />
        <AlertSettings />
        <LanguageSwitcher />
      </nav>
    </header>
  );
}

function Logo() {
  return (
    <svg width="26" height="26" viewBox="0 0 26 26" aria-hidden="true">
      <rect width="26" height="26" rx="6" fill="#deb96f" />
      <path d="M6.5 3v20M13 3v20M19.5 3v20M3 6.5h20M3 13h20M3 19.5h20" stroke="#5b4322" strokeWidth="1" />
      <circle cx="6.5" cy="19.5" r="3.6" fill="#1a1a1a" />
      <circle cx="13" cy="13" r="3.6" fill="#1a1a1a" />
      <circle cx="19.5" cy="6.5" r="3.6" fill="#1a1a1a" />
      <circle cx="19.5" cy="13" r="3.6" fill="#fafafa" stroke="#999" strokeWidth=".6" />
    </svg>
  );
}
