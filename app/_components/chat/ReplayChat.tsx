"use client";
// The players' chat of a game, in its replay, for its two players only (the server answers anyone
// else NOT_ALLOWED, and then nothing is shown). Read-only; lines as React text.
import { useId } from "react";
import { useTranslations } from "next-intl";
import { useChat } from "@/lib/client/useChat";

export function ReplayChat({ gameId }: { gameId: string }) {
  const t = useTranslations("chat");
  const chat = useChat(gameId, "players", { live: false });
  const headingId = useId();
  if (chat.loadError || chat.lines.length === 0) return null;
  return (
    <section className="card mt-5 flex flex-col gap-2 p-3" aria-labelledby={headingId} data-testid="replay-chat">
      <h2 id={headingId} className="text-sm font-bold">
        {t("replayTitle")}
      </h2>
      <p className="text-xs text-muted">{t("playersNote")}</p>
      <ol className="flex flex-col gap-1 text-sm" aria-label={t("logLabel")}>
        {chat.lines.map((l) => (
          <li key={l.id} data-testid="chat-line">
            <span className="font-semibold">{l.author}</span>
            <span>: </span>
            <span className="break-words">{l.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
