"use client";
// Whom I follow: online ones first, each playing one with a link to watch their game. The server tells
// this page when one of them comes, goes, sits down or gets up (EV.followWatch → EV.followChanged) and the
// list is read again; also on every (re)connect and, in case a notice was missed, once a minute.
import Link from "next/link";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { EV } from "@/lib/shared/protocol";
import type { FollowView } from "@/lib/shared/social";
import { getSocket, request } from "@/lib/client/socket";
import { PlayerLink } from "../PlayerLink";

const REFRESH_MS = 60_000;
/** Notices about several players in a burst: one read. */
const SETTLE_MS = 300;

export function FollowingList() {
  const t = useTranslations("people.following");
  const [players, setPlayers] = useState<FollowView[] | null>(null);

  useEffect(() => {
    const socket = getSocket();
    let alive = true;
    let settle: ReturnType<typeof setTimeout> | null = null;
    const read = () =>
      void request(EV.followList, {}).then((ack) => {
        if (alive && ack.ok) setPlayers(ack.players);
      });
    const connected = () => {
      void request(EV.followWatch, {});
      read();
    };
    const changed = () => {
      if (settle) return;
      settle = setTimeout(() => {
        settle = null;
        read();
      }, SETTLE_MS);
    };
    socket.on("connect", connected);
    socket.on(EV.followChanged, changed);
    if (socket.connected) connected();
    const timer = setInterval(read, REFRESH_MS);
    return () => {
      alive = false;
      socket.off("connect", connected);
      socket.off(EV.followChanged, changed);
      clearInterval(timer);
      if (settle) clearTimeout(settle);
    };
  }, []);

  return (
    <section className="card p-4" aria-labelledby="following-heading">
      <h2 id="following-heading" className="mb-2 font-semibold">
        {t("heading")}
      </h2>
      {players && players.length === 0 && <p className="text-sm text-muted">{t("none")}</p>}
      {players && players.length > 0 && (
        <ul className="divide-y divide-line" data-testid="following">
          {players.map((p) => (
            <li key={p.name} className="flex items-center gap-3 py-2 text-sm" data-testid="following-row" data-name={p.name} data-online={p.online}>
              <span aria-hidden="true" className={`size-2.5 rounded-full ${p.online ? "bg-accent" : "bg-line"}`} />
              <PlayerLink name={p.name} className="min-w-0 flex-1 truncate font-semibold" />
              <span className="text-muted">{p.playing ? t("playing") : p.online ? t("online") : t("offline")}</span>
              {p.playing && (
                <Link href={`/game/${p.playing}?watch=1`} className="text-accent-dark underline" data-testid="following-watch">
                  {t("watch")}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
