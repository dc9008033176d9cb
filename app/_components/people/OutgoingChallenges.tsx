"use client";
// /players: my challenges by name still waiting for an answer, each with Cancel (the receiver's card goes).
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { EV } from "@/lib/shared/protocol";
import type { DirectChallengeView } from "@/lib/shared/social";
import { getSocket, request } from "@/lib/client/socket";
import { PlayerLink } from "../PlayerLink";
import { useToast } from "../Toast";
import { useErrorText } from "../i18n/words";

export function OutgoingChallenges() {
  const t = useTranslations("people.outgoing");
  const toast = useToast();
  const errorText = useErrorText();
  const [outgoing, setOutgoing] = useState<DirectChallengeView[]>([]);

  useEffect(() => {
    const socket = getSocket();
    let alive = true;
    const read = () =>
      void request(EV.directInbox, {}).then((ack) => {
        if (alive && ack.ok) setOutgoing(ack.outgoing);
      });
    const answered = (e: { id: string }) => setOutgoing((list) => list.filter((c) => c.id !== e.id));
    socket.on("connect", read);
    socket.on(EV.directAnswered, answered);
    if (socket.connected) read();
    return () => {
      alive = false;
      socket.off("connect", read);
      socket.off(EV.directAnswered, answered);
    };
  }, []);

  async function cancel(id: string) {
    const ack = await request(EV.directCancel, { id });
    if (!ack.ok) toast(errorText(ack.error));
    setOutgoing((list) => list.filter((c) => c.id !== id));
  }

  if (outgoing.length === 0) return null;
  return (
    <section className="card p-4" aria-labelledby="outgoing-heading" data-testid="outgoing-challenges">
      <h2 id="outgoing-heading" className="mb-2 font-semibold">
        {t("heading")}
      </h2>
      <ul className="divide-y divide-line">
        {outgoing.map((c) => (
          <li key={c.id} className="flex items-center gap-3 py-2 text-sm">
            <span className="min-w-0 flex-1 truncate">
              {t("to")} <PlayerLink name={c.to} className="font-semibold" />
            </span>
            <button type="button" className="btn-ghost" onClick={() => void cancel(c.id)}>
              {t("cancel")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
