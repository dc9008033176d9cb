"use client";
// The open challenges, live: who posted it (name, rating), the board, rule, clock or days per move, rated or casual
// and their colour; Accept (one click: the game starts for both) or, for your own, Withdraw.
import { EV, type ChallengeView } from "@/lib/shared/protocol";
import { request } from "@/lib/client/socket";
import { useMe } from "@/lib/client/identity";
import { useBlockedNames } from "@/lib/client/useBlocked";
import { playerHref } from "@/lib/shared/labels";
import { useRouter } from "next/navigation";
import { useState } from "react";
import Link from "next/link";
import { useToast } from "../Toast";
import { useTranslations } from "next-intl";
import { useErrorText, useRuleWords } from "../i18n/words";

const COLOR_MARK = { black: "●", white: "○", random: "◐" } as const;

export function OpenChallenges({ challenges }: { challenges: ChallengeView[] | null }) {
  const me = useMe();
  const router = useRouter();
  const toast = useToast();
  const t = useTranslations("lobby.challenges");
  const errorText = useErrorText();
  const rules = useRuleWords();
  // The challenge being accepted: one click is one request (a double click used to refuse its own second half).
  const [accepting, setAccepting] = useState<string | null>(null);
  // Players you blocked: their challenges are not shown to you (accepting one is refused: BLOCKED).
  const blocked = useBlockedNames();
  const timeText = (c: ChallengeView) =>
    c.corrDays ? t("days", { n: c.corrDays }) : c.clock ? `${c.clock.initialMs / 60_000}+${c.clock.incrementMs / 1000}` : t("noClock");
  if (!challenges) return <p className="text-sm text-muted">{t("loading")}</p>;
  const shown = challenges.filter((c) => !blocked.has(c.author.name));
  if (shown.length === 0)
    return (
      <p className="text-sm text-muted" data-testid="challenges-empty">
        {t("none")}
      </p>
    );
  return (
    <ul className="divide-y divide-line" data-testid="challenges">
      {shown.map((c) => {
        const mine = me?.name === c.author.name;
        return (
          <li key={c.id} className="flex items-center gap-3 py-2.5 text-sm" data-testid={`challenge-${c.id}`} data-author={c.author.name}>
            <span className="grid size-9 shrink-0 place-items-center rounded-md bg-wood/50 text-xs font-bold text-ink/80">{c.size}</span>
            <div className="min-w-0 flex-1">
              {/* The name truncated on its own (as in LiveGames): a cut line's link box must not run on under the button. */}
              <div className="flex min-w-0 items-baseline gap-1 font-medium">
                <Link href={playerHref(c.author.name)} className="min-w-0 truncate hover:underline">
                  {c.author.name}
                </Link>{" "}
                <span className="shrink-0 text-muted">
                  {c.author.rating}
                  {c.author.provisional ? "?" : ""}
                </span>
              </div>
              <div className="text-xs text-muted">
                {rules.name(c.rule)} · <span data-testid="challenge-time">{timeText(c)}</span> · {c.rated ? t("rated") : t("casual")} · {COLOR_MARK[c.color]}{" "}
                {t(`color_${c.color}`)}
                {c.swap2 && ` · ${t("swap2")}`}
              </div>
            </div>
            {mine ? (
              <button
                type="button"
                className="btn-ghost px-3 py-1.5"
                data-testid={`withdraw-${c.id}`}
                onClick={async () => {
                  const ack = await request(EV.challengeWithdraw, { id: c.id });
                  if (!ack.ok) toast(errorText(ack.error));
                }}
              >
                {t("withdraw")}
              </button>
            ) : (
              <button
                type="button"
                className="btn-primary px-3 py-1.5"
                data-testid={`accept-${c.id}`}
                disabled={accepting !== null}
                onClick={async () => {
                  if (accepting !== null) return;
                  setAccepting(c.id);
                  const ack = await request(EV.challengeAccept, { id: c.id });
                  if (ack.ok) router.push(`/game/${ack.gameId}`);
                  else {
                    setAccepting(null);
                    toast(errorText(ack.error));
                  }
                }}
              >
                {t("accept")}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
