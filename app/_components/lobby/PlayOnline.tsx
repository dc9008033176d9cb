"use client";
// The lobby's "Play people online": quick pairing, open challenges (live), and posting one.
import { useState } from "react";
import { useTranslations } from "next-intl";
import { useLobby } from "@/lib/client/useLobby";
import { askNotifyPermission } from "@/lib/client/alerts";
import { usePairedAlert } from "../alerts/usePairedAlert";
import { useErrorText } from "../i18n/words";
import { ChallengeForm } from "./ChallengeForm";
import { OpenChallenges } from "./OpenChallenges";
import { QuickPairing } from "./QuickPairing";

export function PlayOnline() {
  const { lobby, seeking, error, seek, stopSeeking } = useLobby();
  usePairedAlert();
  // Waiting in a pool is when a notification becomes useful (paired while on another tab): ask then, in the click.
  const seekAndAsk = (pool: string) => {
    void askNotifyPermission();
    return seek(pool);
  };
  const [posting, setPosting] = useState(false);
  const t = useTranslations("lobby");
  const errorText = useErrorText();
  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
      <div className="space-y-4">
        <div>
          <h3 className="field-label">{t("quickPairing")}</h3>
          <QuickPairing lobby={lobby} seeking={seeking} seek={seekAndAsk} stopSeeking={stopSeeking} />
        </div>
        <div>
          <button type="button" className="btn-ghost w-full" onClick={() => setPosting((p) => !p)} aria-expanded={posting} data-testid="open-challenge-form">
            {posting ? t("close") : t("createChallenge")}
          </button>
          {posting && (
            <div className="mt-3 rounded-lg border border-line p-3">
              <ChallengeForm onPosted={() => setPosting(false)} />
            </div>
          )}
        </div>
        {error && <p className="text-sm text-danger">{errorText(error)}</p>}
      </div>
      <div>
        <h3 className="field-label">{t("openChallenges")}</h3>
        <OpenChallenges challenges={lobby?.challenges ?? null} />
      </div>
    </div>
  );
}
