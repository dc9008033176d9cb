"use client";
// What the viewer may do in an event: join (again), pause (arena), withdraw, berserk (arena, before
// their first move), and the way to their game under way.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { TournamentView } from "@/lib/shared/tournaments";
import { useErrorText } from "../i18n/words";
import { tourApi } from "./api";

export function EventActions({ view, onChange }: { view: TournamentView; onChange: () => void }) {
  const t = useTranslations("tournaments.event");
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (action: "join" | "withdraw" | "pause" | "berserk") => {
    setBusy(true);
    setError(null);
    const a = await tourApi(`/${view.id}/${action}`, {}).catch(() => null);
    setBusy(false);
    if (!a) setError(t("notFound"));
    else if (!a.ok) setError(errorText(a.error));
    onChange();
  };
  const me = view.me;
  const open = view.status !== "finished";
  const button = (action: "join" | "withdraw" | "pause" | "berserk", label: string, style = "btn-ghost") => (
    <button type="button" className={`btn ${style}`} disabled={busy} onClick={() => void act(action)} data-testid={`tour-${action}`}>
      {label}
    </button>
  );
  return (
    <div className="space-y-2" data-testid="tour-actions">
      {/* Once over, "waiting for an opponent" would be untrue: the standings and the podium say the rest. */}
      {me && open && <p data-testid="tour-me">{t(`you.${me.status}`)}</p>}
      {me?.gameId && (
        <p className="font-semibold">
          {t("yourGame")}:{" "}
          <Link href={`/game/${me.gameId}`} className="text-accent underline" data-testid="tour-my-game">
            {t("openGame")}
          </Link>
        </p>
      )}
      {me?.berserk && <p className="text-sm">{t("berserked")}</p>}
      {open && (
        <div className="flex flex-wrap gap-2">
          {(!me || me.status === "paused" || me.status === "withdrawn") && button("join", me ? t("rejoin") : t("join"), "btn-primary")}
          {me && view.kind === "arena" && me.status === "waiting" && button("pause", t("pause"))}
          {me && me.status !== "withdrawn" && button("withdraw", t("withdraw"), "btn-danger")}
          {me?.mayBerserk && (
            <span title={t("berserkHelp")} className="inline-flex">
              {button("berserk", t("berserk"), "btn-danger")}
            </span>
          )}
        </div>
      )}
      {me?.mayBerserk && <p className="text-sm text-muted">{t("berserkHelp")}</p>}
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
