"use client";
// The creator's way to cancel their arena or Swiss before it starts (lib/server/tournaments/cancel): a button,
// then a confirmation in the page (not a browser dialog: a screen reader and a keyboard reach it as any button).
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { TournamentView } from "@/lib/shared/tournaments";
import { useErrorText } from "../i18n/words";
import { tourApi } from "./api";

export function CancelEvent({ view, onChange }: { view: TournamentView; onChange: () => void }) {
  const t = useTranslations("tournaments.event");
  const errorText = useErrorText();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!view.mayCancel) return null;
  const cancel = async () => {
    setError(null);
    const a = await tourApi(`/${view.id}/cancel`, {}).catch(() => null);
    if (a && !a.ok) setError(errorText(a.error));
    setAsking(false);
    onChange();
  };
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {asking ? (
        <>
          <span role="status">{t("cancelAsk")}</span>
          <button type="button" className="btn btn-danger" onClick={() => void cancel()} data-testid="tour-cancel-yes">
            {t("cancelYes")}
          </button>
          <button type="button" className="btn" onClick={() => setAsking(false)}>
            {t("cancelNo")}
          </button>
        </>
      ) : (
        <button type="button" className="btn" onClick={() => setAsking(true)} data-testid="tour-cancel">
          {t("cancel")}
        </button>
      )}
      {error && (
        <p role="alert" className="w-full text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
