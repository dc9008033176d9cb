"use client";
// Live games to watch, from EV.list, refreshed every few seconds.
import Link from "next/link";
import { useEffect, useState } from "react";
import { EV, type GameSummary } from "@/lib/shared/protocol";
import { getSocket, request } from "@/lib/client/socket";
import { PlayerLink } from "./PlayerLink";
import { useTranslations } from "next-intl";
import type { ErrorInfo } from "@/lib/shared/protocol";
import { useErrorText, useListedName, useRuleWords } from "./i18n/words";

const REFRESH_MS = 5000;

export function LiveGames({ kind, limit }: { kind?: "hva" | "hvh" | "ava"; limit?: number }) {
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const t = useTranslations("lobby.live");
  const errorText = useErrorText();
  const rules = useRuleWords();
  const listed = useListedName();

  useEffect(() => {
    let alive = true;
    const load = async () => {
      const ack = await request(EV.list, { status: "live", ...(kind ? { kind } : {}), page: 1 });
      if (!alive) return;
      if (ack.ok) {
        setGames(ack.games);
        setError(null);
      } else setError(ack.error);
    };
    void load();
    const t = setInterval(load, REFRESH_MS);
    const socket = getSocket();
    socket.on("connect", load);
    return () => {
      alive = false;
      clearInterval(t);
      socket.off("connect", load);
    };
  }, [kind]);

  if (error && !games) return <p className="text-sm text-danger">{errorText(error)}</p>;
  if (!games) return <p className="text-sm text-muted">{t("loading")}</p>;
  const shown = limit ? games.slice(0, limit) : games;
  if (shown.length === 0)
    return (
      <p className="text-sm text-muted" data-testid="live-games-empty">
        {t("none")}
      </p>
    );
  return (
    <ul className="divide-y divide-line" data-testid="live-games">
      {shown.map((g) => {
        const open = g.status === "waiting" && g.kind === "hvh";
        return (
          <li key={g.id} className="flex items-center gap-3 py-2.5 text-sm">
            <span className="grid size-9 shrink-0 place-items-center rounded-md bg-wood/50 text-xs font-bold text-ink/80">{g.size}</span>
            <div className="min-w-0 flex-1">
              {/* Each name truncated on its own: a long name cut by one truncated line still had its link's box
                  running on under the Watch button (axe's target-size: "partially obscured" by the name link). */}
              <div className="flex min-w-0 items-baseline gap-1 font-medium">
                <span role="img" aria-label={t("black")} className="shrink-0">
                  ●
                </span>{" "}
                {g.blackName ? <PlayerLink name={g.blackName} className="min-w-0 truncate" /> : <span className="min-w-0 truncate">{listed(g.black)}</span>}{" "}
                <span className="shrink-0 text-muted">{t("vs")}</span>{" "}
                <span role="img" aria-label={t("white")} className="shrink-0">
                  ○
                </span>{" "}
                {g.whiteName ? <PlayerLink name={g.whiteName} className="min-w-0 truncate" /> : <span className="min-w-0 truncate">{listed(g.white)}</span>}
              </div>
              <div className="text-xs text-muted">
                {g.tv && <span className="mr-1 rounded bg-danger px-1 py-px text-[10px] font-bold text-white">TV</span>}
                {rules.name(g.rule)} · {open ? t("waiting") : t("moves", { n: g.plies })}
              </div>
            </div>
            <Link
              href={open ? `/game/${g.id}` : `/game/${g.id}?watch=1`}
              className={open ? "btn-primary px-3 py-1.5" : "btn-ghost px-3 py-1.5"}
              data-testid={`watch-${g.id}`}
            >
              {open ? t("join") : t("watch")}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
