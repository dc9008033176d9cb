"use client";
// The nav's sound-and-alerts control: a speaker button that opens a small panel with mute, volume
// (with a test sound), move confirmation on touch screens, and the browser notifications' state (a
// button to allow them: a click is the moment the browser lets us ask). Remembered in localStorage.
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import { askNotifyPermission, permission, playSound, setPrefs } from "@/lib/client/alerts";
import type { ConfirmMoves } from "@/lib/client/alert-rules";
import { Segmented } from "../FormParts";
import { usePrefs } from "./usePrefs";

export function AlertSettings() {
  const t = useTranslations("alerts.settings");
  const prefs = usePrefs();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Escape or a click outside closes the panel (Escape gives the focus back to the button).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
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

  const silent = prefs.muted || prefs.volume === 0;
  return (
    <div ref={box} className="relative shrink-0 max-sm:static">
      <button
        ref={button}
        type="button"
        className="grid size-8 place-items-center rounded-md text-muted hover:bg-wood/20 hover:text-ink"
        aria-label={t("button")}
        title={t("button")}
        aria-expanded={open}
        aria-controls={open ? "alert-settings" : undefined}
        data-testid="alerts-button"
        data-muted={silent}
        onClick={() => setOpen((o) => !o)}
      >
        <Speaker silent={silent} />
      </button>
      {open && (
        <div
          id="alert-settings"
          role="group"
          aria-labelledby="alert-settings-title"
          className="card absolute right-0 top-full z-30 mt-2 w-72 max-w-[calc(100vw-1.5rem)] max-sm:left-3 max-sm:right-3 max-sm:w-auto space-y-3 p-3 text-sm shadow-lg"
          data-testid="alerts-panel"
        >
          <div id="alert-settings-title" className="font-bold">
            {t("title")}
          </div>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={prefs.muted} onChange={(e) => setPrefs({ muted: e.target.checked })} data-testid="alerts-mute" />
            {t("mute")}
          </label>
          <div className="flex items-center gap-2">
            <label htmlFor="alerts-volume" className="shrink-0">
              {t("volume")}
            </label>
            <input
              id="alerts-volume"
              type="range"
              min={0}
              max={100}
              step={5}
              value={Math.round(prefs.volume * 100)}
              disabled={prefs.muted}
              onChange={(e) => setPrefs({ volume: Number(e.target.value) / 100 })}
              className="min-w-0 flex-1 accent-accent"
              data-testid="alerts-volume"
            />
            <button type="button" className="btn-ghost px-2 py-1 text-xs" disabled={silent} onClick={() => playSound("turn", prefs.volume)}>
              {t("test")}
            </button>
          </div>
          <div>
            <div className="mb-1">{t("confirmMoves")}</div>
            <Segmented
              name="confirm-moves"
              value={prefs.confirmMoves}
              onChange={(v) => setPrefs({ confirmMoves: v as ConfirmMoves })}
              options={[
                { value: "auto", label: t("confirmAuto") },
                { value: "on", label: t("confirmOn") },
                { value: "off", label: t("confirmOff") },
              ]}
            />
          </div>
          <NotificationState />
        </div>
      )}
    </div>
  );
}

/** Whether notifications may be shown; a button to ask while the browser has not been asked. */
function NotificationState() {
  const t = useTranslations("alerts.settings");
  const [, rerender] = useState(0);
  const now = useSyncExternalStore(
    () => () => {},
    permission,
    () => "unsupported" as const,
  );
  return (
    <div data-testid="alerts-notifications" data-permission={now}>
      <div className="mb-1">{t("notifications")}</div>
      {now === "default" ? (
        <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => void askNotifyPermission().then(() => rerender((n) => n + 1))}>
          {t("notifyAsk")}
        </button>
      ) : (
        <div className="text-muted">{t(now === "granted" ? "notifyOn" : now === "denied" ? "notifyDenied" : "notifyUnsupported")}</div>
      )}
    </div>
  );
}

function Speaker({ silent }: { silent: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {silent ? <path d="M17 9l5 6M22 9l-5 6" /> : <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />}
    </svg>
  );
}
