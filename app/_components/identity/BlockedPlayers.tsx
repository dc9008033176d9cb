"use client";
// /account: the players you block (lib/server/moderation/blocks: neither chats with, challenges or is
// paired with the other), each with a link to their page and an Unblock button named for them.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useBlockList } from "@/lib/client/useBlocked";
import { playerHref } from "@/lib/shared/labels";
import { useErrorText } from "../i18n/words";
import { StatusLine, useFormRequest } from "./FormStatus";

export function BlockedPlayers() {
  const t = useTranslations("account.blocked");
  const errorText = useErrorText();
  const { names, error, set } = useBlockList();
  const { busy, message, send } = useFormRequest();
  const unblock = (name: string) =>
    send(
      () => set(name, false),
      (err) => (err ? { ok: false, text: errorText(err) } : { ok: true, text: t("unblocked", { name }) }),
    );

  return (
    <section className="card space-y-3 p-5 md:col-span-2" aria-labelledby="blocked-title" data-testid="blocked-players">
      <h2 id="blocked-title" className="text-lg font-bold">
        {t("title")}
      </h2>
      <p className="text-sm text-muted">{t("hint")}</p>
      {error ? (
        <p className="text-sm text-danger">{errorText(error)}</p>
      ) : names === null ? (
        <p className="text-sm text-muted">{t("loading")}</p>
      ) : names.length === 0 ? (
        <p className="text-sm text-muted" data-testid="blocked-none">
          {t("none")}
        </p>
      ) : (
        <ul className="divide-y divide-line">
          {names.map((name) => (
            <li key={name} className="flex items-center gap-3 py-2 text-sm" data-testid="blocked-row" data-name={name}>
              <Link href={playerHref(name)} className="min-w-0 flex-1 truncate font-medium hover:underline">
                {name}
              </Link>
              <button
                type="button"
                className="btn-ghost px-3 py-1.5"
                disabled={busy}
                aria-label={t("unblockName", { name })}
                onClick={() => void unblock(name)}
              >
                {t("unblock")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <StatusLine message={message} />
    </section>
  );
}
