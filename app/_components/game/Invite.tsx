"use client";
// A waiting game between people: the invite link to share, or (a rematch) who the other seat waits for.
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { useToast } from "../Toast";

/** A rematch offered: who it waits for, and that the seat is theirs alone. */
export function Reserved({ name }: { name: string }) {
  const t = useTranslations("game.invite");
  return (
    <div className="card border-accent/40 p-4" data-testid="reserved">
      <div className="mb-1 font-semibold">{t("reservedTitle", { name })}</div>
      <p className="text-sm text-muted">{t("reservedDetail")}</p>
    </div>
  );
}

export function Invite({ gameId }: { gameId: string }) {
  const toast = useToast();
  const t = useTranslations("game.invite");
  // The path from the first paint (server and client agree on it); the full address once mounted.
  const [url, setUrl] = useState(`/game/${gameId}`);
  useEffect(() => setUrl(`${window.location.origin}/game/${gameId}`), [gameId]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const el = document.getElementById("invite-url") as HTMLInputElement | null;
      el?.select();
      document.execCommand?.("copy");
    }
    toast(t("copied"), "info");
  }
  return (
    <div className="card border-accent/40 p-4" data-testid="invite">
      <div className="mb-1 font-semibold">{t("title")}</div>
      <p className="mb-2 text-sm text-muted">{t("detail")}</p>
      <div className="flex gap-2">
        <input
          id="invite-url"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="select min-w-0 flex-1 font-mono text-xs"
          data-testid="invite-link"
          aria-label={t("link")}
        />
        <button className="btn-primary" onClick={copy} data-testid="copy-invite">
          {t("copy")}
        </button>
      </div>
    </div>
  );
}
