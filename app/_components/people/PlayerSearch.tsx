"use client";
// Player search by name prefix (/players): answers as you type (a pause first, so a word is one
// request), at most 10 names, each a link to the player's page.
import { useEffect, useId, useState } from "react";
import { useTranslations } from "next-intl";
import { EV } from "@/lib/shared/protocol";
import type { PlayerHit } from "@/lib/shared/social";
import { request } from "@/lib/client/socket";
import { PlayerLink } from "../PlayerLink";
import { useErrorText } from "../i18n/words";

const NAME_PREFIX = /^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/;

export function PlayerSearch() {
  const t = useTranslations("people.search");
  const errorText = useErrorText();
  const id = useId();
  const [prefix, setPrefix] = useState("");
  const [hits, setHits] = useState<PlayerHit[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // "@ada" as lichess writes names finds Ada; text no name can start with ("<b>", "a b") is told so rather than ignored.
    const p = prefix.trim().replace(/^@/, "");
    if (!NAME_PREFIX.test(p)) {
      setHits(p ? [] : null);
      return;
    }
    let alive = true;
    const timer = setTimeout(() => {
      void request(EV.playersSearch, { prefix: p }).then((ack) => {
        if (!alive) return;
        if (ack.ok) {
          setHits(ack.players);
          setError(null);
        } else setError(errorText(ack.error));
      });
    }, 250);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [prefix, errorText]);

  return (
    <div role="search" className="flex flex-col gap-2">
      <label htmlFor={id} className="field-label">
        {t("label")}
      </label>
      <input
        id={id}
        type="search"
        className="select"
        value={prefix}
        maxLength={20}
        autoComplete="off"
        placeholder={t("placeholder")}
        onChange={(e) => setPrefix(e.target.value)}
        data-testid="player-search"
      />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {hits && (
        <ul aria-label={t("results")} className="flex flex-col gap-1" data-testid="player-search-results">
          {hits.length === 0 ? (
            <li className="text-sm text-muted">{t("none", { prefix: prefix.trim() })}</li>
          ) : (
            hits.map((h) => (
              <li key={h.name}>
                <PlayerLink name={h.name} className="font-semibold text-accent-dark" testId="player-search-hit" />
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
