"use client";
// /account: who you are here. A guest can rename, sign up (the guest's games and ratings stay
// with the account) or sign in to an account; an account can rename, change its password, sign out
// or sign out everywhere. Both see whom they block, with Unblock (./BlockedPlayers).
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { rename, signIn, signOut, signUp, useMe } from "@/lib/client/identity";
import type { ErrorInfo } from "@/lib/shared/protocol";
import { useTranslations } from "next-intl";
import { useErrorText } from "../i18n/words";
import { Field } from "../FormParts";
import { StatusLine, useFormRequest } from "./FormStatus";
import { PasswordField, PasswordForm } from "./PasswordForm";
import { SignOutEverywhere } from "./SignOutEverywhere";
import { BlockedPlayers } from "./BlockedPlayers";

type FormKind = "sign-up" | "sign-in" | "rename";

/** lib/shared/identity's rules for a name and a password, checked here to say them in the reader's language (the server checks again). */
function problemOf(kind: FormKind, name: string, password: string): "nameShort" | "nameLong" | "nameChars" | "passwordShort" | null {
  if (kind === "sign-in") return null;
  if (name.length < 3) return "nameShort";
  if (name.length > 20) return "nameLong";
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name)) return "nameChars";
  if (kind === "sign-up" && password.length < 8) return "passwordShort";
  return null;
}

export function AccountPanel() {
  const me = useMe();
  const t = useTranslations("account");
  if (!me) return <p className="text-muted">{t("loading")}</p>;
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-5 md:grid-cols-2">
      <section className="card p-5 md:col-span-2" aria-labelledby="who">
        <h1 id="who" className="text-xl font-bold wrap-anywhere">
          {t.rich("youAre", {
            name: () => (
              <Link href={`/@/${me.name}`} className="text-accent-dark underline" data-testid="account-name">
                {me.name}
              </Link>
            ),
          })}
        </h1>
        <p className="mt-1 text-sm text-muted" data-testid="account-kind">
          {me.account ? t("signedIn") : t("guest")}
        </p>
        {me.account && (
          <button type="button" className="btn-ghost mt-3" data-testid="sign-out" onClick={() => void signOut()}>
            {t("signOut")}
          </button>
        )}
      </section>
      {!me.account && (
        <>
          <NameForm
            key={me.id}
            title={t("signUp")}
            submitLabel={t("createAccount")}
            testId="sign-up"
            withPassword
            run={(n, p) => signUp(n, p)}
            initial={me.name}
          />
          <NameForm title={t("signIn")} submitLabel={t("signIn")} testId="sign-in" withPassword run={(n, p) => signIn(n, p)} initial="" />
        </>
      )}
      {/* Keyed by who you are: after signing in or out the field holds that player's name, not the last one's. */}
      <NameForm
        key={me.id}
        title={t("changeName")}
        submitLabel={t("rename")}
        testId="rename"
        withPassword={false}
        run={(name) => rename(name)}
        initial={me.name}
      />
      {me.account && (
        <>
          <PasswordForm key={`password-${me.id}`} />
          <SignOutEverywhere />
        </>
      )}
      <BlockedPlayers key={`blocked-${me.id}`} />
    </div>
  );
}

function NameForm(props: {
  title: string;
  submitLabel: string;
  testId: FormKind;
  withPassword: boolean;
  initial: string;
  run: (name: string, password: string) => Promise<ErrorInfo | null>;
}) {
  const [name, setName] = useState(props.initial);
  const [password, setPassword] = useState("");
  const { busy, message, setMessage, send } = useFormRequest();
  const t = useTranslations("account");
  const errorText = useErrorText();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = problemOf(props.testId, name.trim(), password);
    if (problem) {
      setMessage({ ok: false, text: t(problem) });
      return;
    }
    await send(
      () => props.run(name.trim(), password),
      (err) => (err ? { ok: false, text: errorText(err) } : { ok: true, text: t("done") }),
    );
    setPassword("");
  }
  const id = (s: string) => `${props.testId}-${s}`;
  return (
    <form className="card space-y-3 p-5" onSubmit={submit} data-testid={`form-${props.testId}`}>
      <h2 className="text-lg font-bold">{props.title}</h2>
      <Field label={t("name")} htmlFor={id("name")}>
        <input id={id("name")} className="select" value={name} onChange={(e) => setName(e.target.value)} autoComplete="username" required />
      </Field>
      {props.withPassword && (
        <PasswordField
          id={id("password")}
          label={t("password")}
          value={password}
          onChange={setPassword}
          autoComplete={props.testId === "sign-up" ? "new-password" : "current-password"}
        />
      )}
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {props.submitLabel}
      </button>
      <StatusLine message={message} />
    </form>
  );
}
