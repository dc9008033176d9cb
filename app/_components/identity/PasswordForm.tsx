"use client";
// /account, for an account: a new password. The current one proves it is the owner; every other
// device is signed out (lib/server/identity: the server ends their sessions and sockets).
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { changePassword } from "@/lib/client/identity";
import { useErrorText } from "../i18n/words";
import { Field } from "../FormParts";
import { StatusLine, useFormRequest } from "./FormStatus";

export function PasswordForm() {
  const t = useTranslations("account");
  const errorText = useErrorText();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const { busy, message, setMessage, send } = useFormRequest();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (next.length < 8) {
      setMessage({ ok: false, text: t("passwordShort") });
      return;
    }
    await send(
      () => changePassword(current, next),
      (err) => (err ? { ok: false, text: err.code === "BAD_CREDENTIALS" ? t("currentWrong") : errorText(err) } : { ok: true, text: t("passwordChanged") }),
    );
    setCurrent("");
    setNext("");
  }
  return (
    <form className="card space-y-3 p-5" onSubmit={submit} data-testid="form-password">
      <h2 className="text-lg font-bold">{t("changePassword")}</h2>
      <PasswordField id="password-current" label={t("currentPassword")} value={current} onChange={setCurrent} autoComplete="current-password" />
      <PasswordField id="password-new" label={t("newPassword")} value={next} onChange={setNext} autoComplete="new-password" minLength={8} />
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {t("savePassword")}
      </button>
      <StatusLine message={message} />
    </form>
  );
}

/** A labelled password input (required). */
export function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: "current-password" | "new-password";
  minLength?: number;
}) {
  return (
    <Field label={props.label} htmlFor={props.id}>
      <input
        id={props.id}
        type="password"
        className="select"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        autoComplete={props.autoComplete}
        minLength={props.minLength}
        required
      />
    </Field>
  );
}
