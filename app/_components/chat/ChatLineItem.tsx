"use client";
// One chat line: the author (a button opening mute / block / report for anyone but yourself) and the
// text, both as React text (an author's "<script>" is shown as those characters, never run).
import { useState } from "react";
import { useTranslations } from "next-intl";
import type { ChatLine } from "@/lib/shared/protocol/chat";
import type { ChatApi } from "@/lib/client/useChat";
import { useErrorText } from "../i18n/words";
import { ReportForm } from "./ReportForm";

/** `tell`: a sentence for the panel to show (the line itself goes once its author is muted or blocked). */
export function ChatLineItem({ line, mine, chat, tell }: { line: ChatLine; mine: boolean; chat: ChatApi; tell: (said: string) => void }) {
  const t = useTranslations("chat");
  const errorText = useErrorText();
  const [open, setOpen] = useState<"menu" | "report" | null>(null);

  async function block() {
    const err = await chat.setBlocked(line.author, true);
    tell(err ? errorText(err) : t("blockedDone", { name: line.author }));
    setOpen(null);
  }

  return (
    <li data-testid="chat-line" data-author={line.author}>
      {mine ? (
        <span className="font-semibold">{line.author}</span>
      ) : (
        <button
          type="button"
          className="font-semibold underline decoration-dotted focus-visible:outline-2 focus-visible:outline-accent-dark"
          aria-expanded={open !== null}
          aria-label={t("optionsFor", { name: line.author })}
          onClick={() => setOpen(open ? null : "menu")}
        >
          {line.author}
        </button>
      )}
      <span>: </span>
      <span className="break-words" data-testid="chat-text">
        {line.text}
      </span>
      {open === "menu" && (
        <span className="ml-2 inline-flex gap-2 text-xs">
          <button
            type="button"
            className="btn-ghost px-2 py-0.5"
            onClick={() => (chat.setMuted(line.author, true), tell(t("mutedDone", { name: line.author })), setOpen(null))}
          >
            {t("mute")}
          </button>
          <button type="button" className="btn-ghost px-2 py-0.5" onClick={() => void block()}>
            {t("block")}
          </button>
          <button type="button" className="btn-ghost px-2 py-0.5" onClick={() => setOpen("report")}>
            {t("report")}
          </button>
        </span>
      )}
      {open === "report" && (
        <ReportForm
          name={line.author}
          report={chat.report}
          done={(text) => {
            tell(text);
            setOpen(null);
          }}
        />
      )}
    </li>
  );
}
