"use client";
// The operator's page (/mod): the token first, then the reports (who, whom, which game, why, and
// the reported player's messages in it, all shown as text), a site-wide chat mute for a time, and
// closing a report once dealt with.
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useErrorText } from "../i18n/words";
import { useModApi, type ReportRow } from "./useModApi";
import { ReportCard } from "./ReportCard";

export function ModPage() {
  const t = useTranslations("mod");
  const errorText = useErrorText();
  const api = useModApi();
  const [reports, setReports] = useState<ReportRow[] | null>(null);
  const [status, setStatus] = useState<"open" | "closed">("open");
  const [problem, setProblem] = useState<string | null>(null);
  const [typed, setTyped] = useState("");
  const tokenId = useId();
  const { token, setToken, reports: readReports } = api;

  const load = useCallback(async () => {
    const r = await readReports(status);
    if (r.ok) {
      setReports(r.reports);
      setProblem(null);
    } else {
      setReports(null);
      // A wrong token (401): forgotten, and the form asks again saying why (it said "That is not allowed here." with no field to retry).
      if (r.error.code === "NOT_ALLOWED") setToken(null);
      setProblem(r.error.code === "NOT_ALLOWED" ? t("wrongToken") : errorText(r.error));
    }
  }, [readReports, status, errorText, setToken, t]);

  useEffect(() => {
    if (token) void load();
  }, [token, load]);

  function signIn(e: FormEvent) {
    e.preventDefault();
    api.setToken(typed.trim() || null);
    setTyped("");
  }

  if (!token)
    return (
      <form onSubmit={signIn} className="card flex max-w-md flex-col gap-2 p-4">
        <label htmlFor={tokenId} className="font-semibold">
          {t("token")}
        </label>
        <input
          id={tokenId}
          type="password"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="rounded border border-line px-2 py-1"
          data-testid="mod-token"
        />
        <p className="text-xs text-muted">{t("tokenNote")}</p>
        {problem && (
          <p role="alert" className="text-sm text-danger" data-testid="mod-error">
            {problem}
          </p>
        )}
        <button type="submit" className="btn-primary self-start" data-testid="mod-open">
          {t("open")}
        </button>
      </form>
    );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <label className="text-sm">
          {t("show")}{" "}
          <select value={status} onChange={(e) => setStatus(e.target.value as "open" | "closed")} className="rounded border border-line px-1 py-0.5">
            <option value="open">{t("open_reports")}</option>
            <option value="closed">{t("closed_reports")}</option>
          </select>
        </label>
        <button type="button" className="btn-ghost" onClick={() => void load()}>
          {t("refresh")}
        </button>
        <button type="button" className="btn-ghost" onClick={() => api.setToken(null)}>
          {t("forget")}
        </button>
      </div>
      {problem && (
        <p role="alert" className="text-danger" data-testid="mod-error">
          {problem}
        </p>
      )}
      {reports && reports.length === 0 && <p className="text-muted">{t("none")}</p>}
      <ul className="flex flex-col gap-3" aria-label={t("listLabel")}>
        {reports?.map((r) => (
          <ReportCard key={r.id} report={r} api={api} changed={() => void load()} />
        ))}
      </ul>
    </div>
  );
}
