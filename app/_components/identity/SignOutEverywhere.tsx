"use client";
// /account, for an account: end every session of it (every device and browser, this one too) and
// close their connections; this browser goes on as a new guest.
import { useTranslations } from "next-intl";
import { signOutEverywhere } from "@/lib/client/identity";
import { useErrorText } from "../i18n/words";
import { StatusLine, useFormRequest } from "./FormStatus";

export function SignOutEverywhere() {
  const t = useTranslations("account");
  const errorText = useErrorText();
  const { busy, message, send } = useFormRequest();
  const run = () => send(signOutEverywhere, (err) => (err ? { ok: false, text: errorText(err) } : null));
  return (
    <section className="card space-y-3 p-5" aria-labelledby="everywhere-title" data-testid="sign-out-everywhere-card">
      <h2 id="everywhere-title" className="text-lg font-bold">
        {t("everywhereTitle")}
      </h2>
      <p id="everywhere-hint" className="text-sm text-muted">
        {t("everywhereHint")}
      </p>
      <button
        type="button"
        className="btn-ghost w-full"
        data-testid="sign-out-everywhere"
        aria-describedby="everywhere-hint"
        disabled={busy}
        onClick={() => void run()}
      >
        {t("signOutEverywhere")}
      </button>
      <StatusLine message={message} />
    </section>
  );
}
