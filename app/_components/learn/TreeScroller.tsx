"use client";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";

/** The tree's box: it scrolls sideways when the tree is wider (a phone), and then says so. */
export function TreeScroller({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [wider, setWider] = useState(false);
  const t = useTranslations("learn.tree");
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const check = () => setWider(el.scrollWidth > el.clientWidth + 1);
    check();
    const watch = new ResizeObserver(check);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    return () => watch.disconnect();
  }, []);
  return (
    <>
      <div ref={box} className="overflow-x-auto px-2 pt-3" data-testid="tree-box">
        {children}
      </div>
      {wider && (
        <p className="px-3 pt-1 text-xs text-muted" data-testid="tree-scroll-hint">
          ↔ {t("scrollHint")}
        </p>
      )}
    </>
  );
}
