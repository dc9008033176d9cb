"use client";
// Post an open challenge: the choices of ./ChallengeFields (board, rule, colour, rated or casual, a clock
// or days per move: a correspondence challenge waits in the lobby for days, its author need not stay).
import { useState, type FormEvent } from "react";
import { EV } from "@/lib/shared/protocol";
import { request } from "@/lib/client/socket";
import { askNotifyPermission } from "@/lib/client/alerts";
import { useToast } from "../Toast";
import { useTranslations } from "next-intl";
import { useErrorText } from "../i18n/words";
import { ChallengeFields, challengeDefaults, challengePayload } from "./ChallengeFields";

export function ChallengeForm({ onPosted }: { onPosted?: () => void }) {
  const toast = useToast();
  const [choice, setChoice] = useState(() => challengeDefaults({ rated: true }));
  const [busy, setBusy] = useState(false);
  const t = useTranslations("lobby.form");
  const errorText = useErrorText();

  async function submit(e: FormEvent) {
    e.preventDefault();
    // A challenge waits for someone to accept it: a notification is useful from now on (asked in the click).
    void askNotifyPermission();
    setBusy(true);
    const ack = await request(EV.challengeCreate, challengePayload(choice));
    setBusy(false);
    if (!ack.ok) toast(errorText(ack.error));
    else onPosted?.();
  }

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="form-challenge">
      <ChallengeFields id="ch" value={choice} onChange={setChoice}>
        <button type="submit" className="btn-primary ml-auto" disabled={busy} data-testid="challenge-submit">
          {busy ? t("posting") : t("post")}
        </button>
      </ChallengeFields>
      {choice.timing === "days" && (
        <p className="text-xs text-muted" data-testid="challenge-days-hint">
          {t("daysHint")}
        </p>
      )}
    </form>
  );
}
