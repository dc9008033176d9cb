"use client";
// Report a chat author to the operator: a reason and a short note (the game goes with it).
import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { REPORT_NOTE_MAX, type ReportReason } from "@/lib/shared/protocol/chat";
import type { ChatApi } from "@/lib/client/useChat";
import { useErrorText } from "../i18n/words";

const REASONS: ReportReason[] = ["abuse", "spam", "cheating", "other"];

export function ReportForm({ name, report, done }: { name: string; report: ChatApi["report"]; done: (said: string) => void }) {
  const t = useTranslations("chat");
  const errorText = useErrorText();
  const [reason, setReason] = useState<ReportReason>("abuse");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const err = await report(name, reason, note);
    setBusy(false);
    done(err ? errorText(err) : t("reported", { name }));
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-1 flex flex-col gap-1 rounded border border-line p-2 text-xs" aria-label={t("reportTitle", { name })}>
      <label htmlFor={`${id}-reason`}>{t("reason")}</label>
      <select id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value as ReportReason)} className="rounded border border-line px-1 py-0.5">
        {REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`reasons.${r}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-note`}>{t("note")}</label>
      <input
        id={`${id}-note`}
        value={note}
        maxLength={REPORT_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        className="rounded border border-line px-1 py-0.5"
      />
      <button type="submit" className="btn-primary self-start px-2 py-0.5" disabled={busy}>
        {t("sendReport")}
      </button>
    </form>
  );
}
