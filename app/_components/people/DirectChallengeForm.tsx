"use client";
// Challenge one named player (their page) with the lobby's choices (../lobby/ChallengeFields): a clock,
// or days per move (a correspondence game, rated in its own pool). They hear it live.
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { EV } from "@/lib/shared/protocol";
import { request } from "@/lib/client/socket";
import { askNotifyPermission } from "@/lib/client/alerts";
import { useToast } from "../Toast";
import { useErrorText } from "../i18n/words";
import { ChallengeFields, challengeDefaults, challengePayload } from "../lobby/ChallengeFields";

export function DirectChallengeForm({ name, onSent }: { name: string; onSent: (id: string) => void }) {
  const tp = useTranslations("people.challenge");
  const toast = useToast();
  const errorText = useErrorText();
  const [choice, setChoice] = useState(() => challengeDefaults({ rated: false }));
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // They may answer while this tab is hidden: a notification is useful from now on (asked in the click).
    void askNotifyPermission();
    setBusy(true);
    const ack = await request(EV.directCreate, { name, ...challengePayload(choice) });
    setBusy(false);
    if (!ack.ok) toast(errorText(ack.error));
    else {
      toast(tp("sent", { name }));
      onSent(ack.challenge.id);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="direct-challenge-form" aria-label={tp("heading", { name })}>
      <ChallengeFields id="dc" value={choice} onChange={setChoice}>
        <button type="submit" className="btn-primary ml-auto" disabled={busy} data-testid="direct-challenge-send">
          {busy ? tp("sending") : tp("send")}
        </button>
      </ChallengeFields>
    </form>
  );
}
