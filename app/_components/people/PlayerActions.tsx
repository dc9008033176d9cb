"use client";
// On another player's page: follow or unfollow them, block or unblock them (the list is on /account),
// and challenge them by name (./DirectChallengeForm);
// a challenge sent waits here until they answer (./ChallengeInbox tells the answer), and may be cancelled.
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { EV } from "@/lib/shared/protocol";
import { getSocket, request } from "@/lib/client/socket";
import { askNotifyPermission } from "@/lib/client/alerts";
import { useBlockList } from "@/lib/client/useBlocked";
import { useToast } from "../Toast";
import { useErrorText } from "../i18n/words";
import { DirectChallengeForm } from "./DirectChallengeForm";

export function PlayerActions({ name }: { name: string }) {
  const t = useTranslations("people");
  const toast = useToast();
  const errorText = useErrorText();
  const [following, setFollowing] = useState<boolean | null>(null);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const blocks = useBlockList();
  const blocked = blocks.names?.includes(name) ?? null;

  useEffect(() => {
    const socket = getSocket();
    let alive = true;
    const read = () =>
      void request(EV.followStatus, { name }).then((ack) => {
        if (alive && ack.ok) setFollowing(ack.following);
      });
    // The answer to my challenge: the card here goes (a decline is told by ./ChallengeInbox).
    const answered = (e: { id: string }) => setPending((p) => (p === e.id ? null : p));
    socket.on("connect", read);
    socket.on(EV.directAnswered, answered);
    if (socket.connected) read();
    return () => {
      alive = false;
      socket.off("connect", read);
      socket.off(EV.directAnswered, answered);
    };
  }, [name]);

  async function toggleFollow() {
    const follow = !following;
    // Following someone: knowing when they challenge you is useful from now on (asked in the click).
    if (follow) void askNotifyPermission();
    const ack = await request(EV.followSet, { name, follow });
    if (!ack.ok) toast(errorText(ack.error));
    else setFollowing(follow);
  }

  async function toggleBlock() {
    const err = await blocks.set(name, !blocked);
    if (err) toast(errorText(err));
    else toast(blocked ? t("block.unblocked", { name }) : t("block.blocked", { name }));
  }

  async function cancel() {
    if (!pending) return;
    const ack = await request(EV.directCancel, { id: pending });
    if (!ack.ok) toast(errorText(ack.error));
    setPending(null);
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-ghost" onClick={toggleFollow} disabled={following === null} aria-pressed={!!following} data-testid="follow-toggle">
          {following ? t("follow.unfollow") : t("follow.follow")}
        </button>
        <button type="button" className="btn-ghost" onClick={toggleBlock} disabled={blocked === null} aria-pressed={!!blocked} data-testid="block-toggle">
          {blocked ? t("block.unblock") : t("block.block")}
        </button>
        {!pending && (
          <button type="button" className="btn-primary" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="challenge-open">
            {t("challenge.open", { name })}
          </button>
        )}
      </div>
      {pending && (
        <div className="card flex items-center gap-3 p-3 text-sm" role="status" data-testid="challenge-pending">
          <span className="flex-1">{t("challenge.sent", { name })}</span>
          <button type="button" className="btn-ghost" onClick={cancel}>
            {t("challenge.cancel")}
          </button>
        </div>
      )}
      {open && !pending && (
        <div className="card p-4">
          <DirectChallengeForm
            name={name}
            onSent={(id) => {
              setPending(id);
              setOpen(false);
            }}
          />
        </div>
      )}
    </div>
  );
}
