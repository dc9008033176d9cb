"use client";
// Challenges by name addressed to me, on every page: a card each (live: EV.directIncoming, and the
// pending ones read when the socket connects), accepted or declined with one click; the alert (a
// sound, a notification while the tab is hidden). The answers to my own challenges: a decline is
// told, an acceptance goes to the game.
import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { EV } from "@/lib/shared/protocol";
import type { DirectAnsweredEvent, DirectChallengeView } from "@/lib/shared/social";
import { getSocket, request } from "@/lib/client/socket";
import { alert } from "@/lib/client/alerts";
import { useToast } from "../Toast";
import { useErrorText, useRuleWords } from "../i18n/words";

export function ChallengeInbox() {
  const t = useTranslations("people");
  const router = useRouter();
  const toast = useToast();
  const errorText = useErrorText();
  const [incoming, setIncoming] = useState<DirectChallengeView[]>([]);

  useEffect(() => {
    const socket = getSocket();
    const read = () =>
      void request(EV.directInbox, {}).then((ack) => {
        if (ack.ok) setIncoming(ack.incoming);
      });
    const arrived = (c: DirectChallengeView) => {
      setIncoming((list) => [c, ...list.filter((x) => x.id !== c.id)]);
      alert("challenge", { title: t("inbox.notify", { name: c.from }), url: `/@/${encodeURIComponent(c.from)}`, tag: `challenge-${c.id}` });
    };
    const answered = (e: DirectAnsweredEvent) => {
      setIncoming((list) => list.filter((x) => x.id !== e.id));
      if (e.outcome === "declined") toast(t("challenge.declined", { name: e.by }));
      if (e.outcome === "cancelled") toast(t("challenge.cancelled", { name: e.by }));
      if (e.outcome === "accepted" && e.gameId) {
        toast(t("challenge.accepted", { name: e.by }));
        router.push(`/game/${e.gameId}`);
      }
    };
    socket.on("connect", read);
    socket.on(EV.directIncoming, arrived);
    socket.on(EV.directAnswered, answered);
    if (socket.connected) read();
    return () => {
      socket.off("connect", read);
      socket.off(EV.directIncoming, arrived);
      socket.off(EV.directAnswered, answered);
    };
  }, [t, toast, router]);

  async function answer(c: DirectChallengeView, accept: boolean) {
    setIncoming((list) => list.filter((x) => x.id !== c.id));
    const ack = await request(EV.directAnswer, { id: c.id, accept });
    if (!ack.ok) toast(errorText(ack.error));
    else if (ack.gameId) router.push(`/game/${ack.gameId}`);
  }

  if (incoming.length === 0) return null;
  return (
    <aside
      aria-label={t("inbox.label")}
      className="fixed right-3 bottom-3 z-40 flex w-80 max-w-[calc(100vw-1.5rem)] flex-col gap-2"
      data-testid="challenge-inbox"
    >
      {incoming.slice(0, SHOWN).map((c) => (
        <ChallengeCard key={c.id} c={c} onAnswer={(accept) => void answer(c, accept)} />
      ))}
      {incoming.length > SHOWN && (
        <p className="card px-3 py-2 text-sm text-muted shadow-lg" data-testid="inbox-more">
          {t("inbox.more", { n: incoming.length - SHOWN })}
        </p>
      )}
    </aside>
  );
}

/** Cards shown at once (the rest come up as these are answered; the count says how many wait). */
const SHOWN = 3;

function ChallengeCard({ c, onAnswer }: { c: DirectChallengeView; onAnswer: (accept: boolean) => void }) {
  const t = useTranslations("people.inbox");
  const rules = useRuleWords();
  const timing = c.corrDays ? t("corr", { n: c.corrDays }) : c.clock ? `${c.clock.initialMs / 60_000}+${c.clock.incrementMs / 1000}` : t("noClock");
  return (
    <div className="card toast-in p-3 text-sm shadow-lg" role="alertdialog" aria-labelledby={`dc-${c.id}`} data-testid="incoming-challenge" data-from={c.from}>
      <p id={`dc-${c.id}`} className="font-semibold">
        {t("from", { name: c.from })}
      </p>
      <p className="text-muted">
        {c.size}×{c.size} {rules.name(c.rule)} · {timing} · {t(c.rated ? "rated" : "casual")} · {t("colour", { name: c.from, colour: c.color })}
        {c.swap2 ? ` · ${t("swap2")}` : ""}
      </p>
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn-primary flex-1" onClick={() => onAnswer(true)} data-testid="incoming-accept">
          {t("accept")}
        </button>
        <button type="button" className="btn-ghost flex-1" onClick={() => onAnswer(false)} data-testid="incoming-decline">
          {t("decline")}
        </button>
      </div>
    </div>
  );
}
