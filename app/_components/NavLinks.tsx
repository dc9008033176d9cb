"use client";
// The menu's links: in one row from xl (1280 px) up; narrower (a phone, a small laptop) behind a Menu
// button (so the nav keeps to one row there too; nine links do not fit beside the rest below 1280 px), opening as a list under it. Going to a page, Escape or a click outside closes it.
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";

export function NavLinks({ children }: { children: ReactNode }) {
  const t = useTranslations("alerts.phone");
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const path = usePathname();
  useEffect(() => setOpen(false), [path]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onDown = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onDown);
    };
  }, [open]);
  return (
    <div ref={box} className="relative flex shrink-0 items-center xl:gap-x-0.5">
      <button
        type="button"
        className="flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-semibold text-muted hover:bg-wood/20 hover:text-ink xl:hidden"
        aria-expanded={open}
        aria-controls="nav-links"
        data-testid="nav-menu"
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        {t("menu")}
      </button>
      <div
        id="nav-links"
        className={`${open ? "card absolute left-0 top-full z-30 mt-2 flex min-w-44 flex-col gap-0.5 p-1.5 shadow-lg" : "hidden"} xl:static xl:mt-0 xl:flex xl:min-w-0 xl:flex-row xl:items-center xl:gap-x-0.5 xl:border-0 xl:bg-transparent xl:p-0 xl:shadow-none`}
      >
        {children}
      </div>
    </div>
  );
}
