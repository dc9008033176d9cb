"use client";
// A game's chat (issue 28): the players' one for its two players, the spectators' one for everyone
// else (they never see each other's); or a tournament's (channel "tournament", `gameId` the event's id). Messages are shown as React text, never as HTML. The log is a
// live region (new lines are read out); each author has mute (here only), block and report.
import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { CHAT_MAX_LENGTH, type ChatChannel } from "@/lib/shared/protocol/chat";
import { useChat } from "@/lib/client/useChat";
import { useMe } from "@/lib/client/identity";
import { useErrorText } from "../i18n/words";
import { ChatLineItem } from "./ChatLineItem";

export function ChatPanel({ gameId, channel, live, connected }: { gameId: string; channel: ChatChannel; live: boolean; connected?: boolean }) {
  const t = useTranslations("chat");
  const errorText = useErrorText();
  const chat = useChat(gameId, channel, { live, connected });
  const me = useMe()?.name ?? null;
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const inputId = useId();
  const headingId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim() || busy) return;
    setBusy(true);
    const err = await chat.send(text);
    setBusy(false);
    setProblem(err ? errorText(err) : null);
    if (!err) setText("");
  }

  const hidden = new Set([...chat.muted, ...chat.blocked]);
  const shown = chat.lines.filter((l) => !hidden.has(l.author));
  const mutedHere = chat.muted.filter((n) => chat.lines.some((l) => l.author === n));

  return (
    <section className="card flex flex-col gap-2 p-3" aria-labelledby={headingId} data-testid={`chat-${channel}`}>
      <h2 id={headingId} className="text-sm font-bold">
        {t(`${channel}Title`)}
      </h2>
      <p className="text-xs text-muted">{t(`${channel}Note`)}</p>
      {chat.loadError ? (
        <p className="text-sm text-muted">{errorText(chat.loadError)}</p>
      ) : (
        // The log role on a wrapper: on the <ol> itself it replaces the list's role, and its <li>s are orphans (axe: listitem).
        <div role="log" aria-live="polite" aria-label={t("logLabel")}>
          <ol className="flex max-h-64 min-h-16 flex-col gap-1 overflow-y-auto text-sm" data-testid="chat-log">
            {shown.length === 0 && <li className="text-muted">{t("empty")}</li>}
            {shown.map((l) => (
              <ChatLineItem key={l.id} line={l} mine={l.author === me} chat={chat} tell={setNotice} />
            ))}
          </ol>
        </div>
      )}
      {live && !chat.loadError && (
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-xs font-semibold">
            {t("inputLabel")}
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              className="min-w-0 flex-1 rounded border border-line bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-dark"
              value={text}
              maxLength={CHAT_MAX_LENGTH}
              autoComplete="off"
              onChange={(e) => setText(e.target.value)}
              aria-describedby={`${inputId}-count`}
              data-testid="chat-input"
            />
            <button type="submit" className="btn-primary px-3 py-1 text-sm" disabled={busy || !text.trim()} data-testid="chat-send">
              {t("send")}
            </button>
          </div>
          <span id={`${inputId}-count`} className="text-xs text-muted">
            {t("count", { n: [...text].length, max: CHAT_MAX_LENGTH })}
          </span>
        </form>
      )}
      <p role="status" className="text-xs text-muted empty:hidden" data-testid="chat-notice">
        {notice}
      </p>
      {problem && (
        <p role="alert" className="text-sm text-danger" data-testid="chat-error">
          {problem}
        </p>
      )}
      {mutedHere.length > 0 && (
        <p className="text-xs text-muted">
          {t("mutedList")}{" "}
          {mutedHere.map((n) => (
            <button key={n} type="button" className="mr-2 underline focus-visible:outline-2" onClick={() => chat.setMuted(n, false)}>
              {t("unmute", { name: n })}
            </button>
          ))}
        </p>
      )}
    </section>
  );
}
