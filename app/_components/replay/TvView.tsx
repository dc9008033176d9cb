"use client";
// The TV: follows the server's stream of AI-vs-AI games from one to the next without a reload
// (EV.tvWatch joins the "tv" room; EV.tvCurrent says when the game on air changes).
import Link from "next/link";
import { useEffect, useState } from "react";
import { GameView } from "@/app/_components/GameView";
import { EV, type TvCurrent } from "@/lib/shared/protocol";
import { getSocket, request } from "@/lib/client/socket";
import { useTranslations } from "next-intl";

export function TvView() {
  const [tv, setTv] = useState<TvCurrent | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const t = useTranslations("tv");
  const titles = useTranslations("common.titles");

  useEffect(() => {
    const socket = getSocket();
    let alive = true;
    const watch = async () => {
      const ack = await request(EV.tvWatch, { watch: true });
      if (alive && ack.ok) setTv(ack.current);
    };
    const onCurrent = (c: TvCurrent) => setTv(c);
    socket.on(EV.tvCurrent, onCurrent);
    socket.on("connect", watch);
    if (socket.connected) void watch();
    return () => {
      alive = false;
      socket.off(EV.tvCurrent, onCurrent);
      socket.off("connect", watch);
      if (socket.connected) void request(EV.tvWatch, { watch: false });
    };
  }, []);

  const waiting = tv?.status === "finished" && tv.nextAt;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [waiting]);

  // No game on: the page's h1 is here (with a game, it is the game's: GameView).
  const heading = <h1 className="sr-only">{titles("tv")}</h1>;
  if (!tv)
    return (
      <div className="grid place-items-center py-24 text-muted">
        {heading}
        {t("tuning")}
      </div>
    );
  if (!tv.enabled || !tv.gameId)
    return (
      <div className="card p-6 text-center text-muted" data-testid="tv-off">
        {heading}
        {tv.enabled ? t("starting") : t("off")}
      </div>
    );

  const secs = waiting ? Math.max(0, Math.ceil((Date.parse(tv.nextAt!) - now) / 1000)) : 0;
  return (
    <div data-testid="tv" data-game-id={tv.gameId} data-status={tv.status ?? ""}>
      <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-danger px-2.5 py-0.5 text-xs font-bold tracking-wider text-white uppercase">
          <span className={`size-1.5 rounded-full bg-white ${tv.status === "playing" ? "animate-pulse" : "opacity-50"}`} /> TV
        </span>
        <span className="font-semibold">{t("headline")}</span>
        <span className="text-muted">· {t("number", { n: tv.number })}</span>
        {waiting ? (
          <span className="font-semibold text-accent-dark" data-testid="tv-next" role="status">
            {t("next", { secs })}
          </span>
        ) : null}
        <Link
          href={`/replay/${tv.gameId}`}
          className="ml-auto text-xs font-semibold text-muted underline-offset-2 hover:text-ink hover:underline"
          data-testid="tv-replay"
        >
          {t("replay")} →
        </Link>
      </div>
      <GameView key={tv.gameId} gameId={tv.gameId} watchOnly />
    </div>
  );
}
