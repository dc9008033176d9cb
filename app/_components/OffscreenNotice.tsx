"use client";
// Something that asks for your answer (a draw or a rematch offered, an opponent gone) while the
// buttons for it are out of sight (a phone: the board fills the screen): a bar at the foot of the
// screen says it, and "Show" brings the buttons into view. Gone once they are in sight.
import { useEffect, useState, type RefObject } from "react";
import { useTranslations } from "next-intl";

export function OffscreenNotice({ text, target }: { text: string | null; target: RefObject<HTMLElement | null> }) {
  const [inSight, setInSight] = useState(true);
  const t = useTranslations("game.endings");
  useEffect(() => {
    const el = target.current;
    if (!el || !text) return;
    const watch = new IntersectionObserver(([entry]) => setInSight(entry.isIntersecting), { threshold: 0.5 });
    watch.observe(el);
    return () => watch.disconnect();
  }, [target, text]);
  if (!text || inSight) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 flex justify-center p-3" data-testid="offscreen-notice">
      <div role="status" className="flex max-w-md items-center gap-3 rounded-lg bg-ink px-4 py-2.5 text-sm font-medium text-white shadow-lg">
        <span>{text}</span>
        <button
          type="button"
          className="rounded-md bg-white/15 px-3 py-1 font-semibold hover:bg-white/25"
          // No glide for whoever asks the system for less motion.
          onClick={() =>
            target.current?.scrollIntoView({ behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth", block: "center" })
          }
          data-testid="offscreen-notice-show"
        >
          {t("noticeShow")}
        </button>
      </div>
    </div>
  );
}
