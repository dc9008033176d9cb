"use client";
// /account, for an account: a new password. The current one proves it is the owner; every other
// device is signed out (lib/server/identity: the server ends their sessions and sockets).
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { changePassword } from "@/lib/client/identity";
import { useErrorText } from "../i18n/words";

export function PasswordForm() {
  const t = useTranslations("account");
  const errorText = useErrorText();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (next.length < 8) {
      setMessage({ ok: false, text: t("passwordShort") });
      return;
    }
    setBusy(true);
    const err = await changePassword(current, next);
    setBusy(false);
    setCurrent("");
    setNext("");
    if (!err) setMessage({ ok: true, text: t("passwordChanged") });
    else setMessage({ ok: false, text: err.code === "BAD_CREDENTIALS" ? t("currentWrong") : errorText(err) });
  }
  return (
    <form className="card space-y-3 p-5" onSubmit={submit} data-testid="form-password">
      <h2 className="text-lg font-bold">{t("changePassword")}</h2>
      <div>
        <label htmlFor="password-current" className="field-label">
          {t("currentPassword")}
        </label>
        <input
          id="password-current"
          type="password"
          className="select"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          autoComplete="current-password"
          required
        />
      </div>
      <div>
        <label htmlFor="password-new" className="field-label">
          {t("newPassword")}
        </label>
        <input
          id="password-new"
          type="password"
          className="select"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          autoComplete="new-password"
          minLength={8}
          required
        />
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {t("savePassword")}
      </button>
      {message && (
        <p role={message.ok ? "status" : "alert"} className={`text-sm ${message.ok ? "text-accent-dark" : "text-danger"}`}>
          {message.text}
        </p>
      )}
    </form>
  );
}
