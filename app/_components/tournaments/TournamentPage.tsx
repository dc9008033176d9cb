"use client";
// One event's page: its name and state, the viewer's actions, the top game, the standings and, once
// over, the podium. Read from GET /api/tournaments/<id> again whenever the event's socket room says it
// changed (EV.tournamentWatch / EV.tournamentChanged), and every 15 s besides (a missed notice).
// A new game of the viewer's opens by itself (once per game: sessionStorage remembers it). Beside it
// (below on a phone), the event's chat (lib/server/chat/tournament), over the same socket room.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import type { TournamentView } from "@/lib/shared/tournaments";
import { calledOff, waitingUntil } from "@/lib/shared/called-off";
import { useMe } from "@/lib/client/identity";
import { getSocket, request } from "@/lib/client/socket";
import { EV } from "@/lib/shared/protocol";
import { useDates } from "../i18n/words";
import { tourApi } from "./api";
import { CancelEvent } from "./CancelEvent";
import { EventActions } from "./EventActions";
import { EngineEvent } from "./EngineEvent";
import { Standings } from "./Standings";
import { ChatPanel } from "../chat/ChatPanel";
import { useEventName } from "./eventName";

/** A fallback only: the room's notices bring the changes. */
const POLL_MS = 15_000;

export function TournamentPage({ id }: { id: string }) {
  const t = useTranslations("tournaments");
  const me = useMe();
  const router = useRouter();
  const { dateTime } = useDates();
  const nameOf = useEventName();
  const [view, setView] = useState<TournamentView | null>(null);
  const [missing, setMissing] = useState(false);
  // The chat re-reads its history after a reconnection (it may have missed lines while away).
  const [connected, setConnected] = useState(true);
  const load = useCallback(
    () =>
      tourApi<{ tournament: TournamentView }>(`/${id}`).then(
        (a) => (a.ok ? setView(a.tournament) : a.error.code === "NOT_FOUND" && setMissing(true)),
        () => undefined,
      ),
    [id],
  );
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    const socket = getSocket();
    // (Re)joined on every connect: a reconnected socket has lost its rooms, and may have missed a change.
    const watch = () => {
      void request(EV.tournamentWatch, { id, watch: true });
      void load();
    };
    const onChanged = (e: { id: string }) => e.id === id && void load();
    const up = () => setConnected(true);
    const down = () => setConnected(false);
    socket.on(EV.tournamentChanged, onChanged);
    socket.on("connect", watch);
    socket.on("connect", up);
    socket.on("disconnect", down);
    if (socket.connected) void request(EV.tournamentWatch, { id, watch: true });
    return () => {
      clearInterval(timer);
      socket.off(EV.tournamentChanged, onChanged);
      socket.off("connect", watch);
      socket.off("connect", up);
      socket.off("disconnect", down);
      if (socket.connected) void request(EV.tournamentWatch, { id, watch: false });
    };
  }, [id, load]);
  const gameId = view?.me?.gameId ?? null;
  useEffect(() => {
    if (!gameId || sessionStorage.getItem(`tour-game-${gameId}`)) return;
    sessionStorage.setItem(`tour-game-${gameId}`, "1");
    router.push(`/game/${gameId}`);
  }, [gameId, router]);
  if (missing)
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="mb-2 text-2xl font-bold">{t("event.notFound")}</h1>
        <Link href="/tournaments" className="text-accent underline">
          {t("event.back")}
        </Link>
      </div>
    );
  if (!view)
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="mb-2 text-2xl font-bold">{t("title")}</h1>
        <p className="text-muted">{t("loading")}</p>
      </div>
    );
  return (
    <div className="mx-auto max-w-5xl space-y-4" data-testid="tournament" data-status={view.status}>
      <div>
        <Link href="/tournaments" className="text-sm text-accent underline">
          {t("event.back")}
        </Link>
        <h1 className="text-2xl font-bold" data-testid="tournament-name">
          {nameOf(view)}
        </h1>
        <p className="text-muted">
          {t(view.kind)} · {view.size}×{view.size} {t(`rules.${view.rule as "freestyle"}`)} ·{" "}
          {view.kind === "engine" ? t("configs", { count: view.players }) : `${view.clock} · ${t("players", { count: view.players })}`} ·{" "}
          <span data-testid="tournament-status">{t(calledOff(view) ? "event.status.calledOff" : `event.status.${view.status}`)}</span>
          {view.status === "created" && ` · ${t("startsAt", { when: dateTime(view.startsAt) })}`}
          {view.status === "started" && view.kind === "arena" && view.endsAt && ` · ${t("endsAt", { when: dateTime(view.endsAt) })}`}
          {view.kind === "swiss" && view.round > 0 && ` · ${t("roundOf", { round: view.round, rounds: view.rounds ?? 0 })}`}
        </p>
        <WaitingForPlayers view={view} />
        {calledOff(view) && (
          <p className="mt-1" data-testid="tournament-called-off">
            {t(view.cancelled ? "event.cancelled" : "event.calledOff")}
          </p>
        )}
        <CancelEvent view={view} onChange={() => void load()} />
      </div>
      {view.podium.length > 0 && <Podium view={view} />}
      <div className="space-y-4 lg:grid lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start lg:gap-4 lg:space-y-0">
        <div className="min-w-0 space-y-4">
          {view.engine ? (
            <EngineEvent id={view.id} view={view.engine} onChange={() => void load()} />
          ) : (
            <PeopleEvent view={view} meId={me?.id ?? null} signedIn={!!me} onChange={() => void load()} />
          )}
        </div>
        <ChatPanel gameId={view.id} channel="tournament" live connected={connected} />
      </div>
    </div>
  );
}

/** An arena's or a Swiss event's: the viewer's actions, the top game, the standings. */
function PeopleEvent({ view, meId, signedIn, onChange }: { view: TournamentView; meId: string | null; signedIn: boolean; onChange: () => void }) {
  const t = useTranslations("tournaments");
  return (
    <>
      {signedIn ? <EventActions view={view} onChange={onChange} /> : <p className="text-muted">{t("event.signIn")}</p>}
      {view.topGame && (
        <section aria-labelledby="tour-top" className="card p-3">
          <h2 id="tour-top" className="font-semibold">
            {t("event.topGame")}
          </h2>
          <Link href={`/game/${view.topGame.gameId}?watch=1`} className="text-accent underline" data-testid="tour-top-game">
            {t("event.watch", { black: view.topGame.black, white: view.topGame.white })}
          </Link>
        </section>
      )}
      <section aria-labelledby="tour-standings">
        <h2 id="tour-standings" className="mb-2 text-lg font-semibold">
          {t("event.standings")}
        </h2>
        <Standings kind={view.kind} rows={view.standings} meId={meId} />
        {view.status !== "finished" && <p className="mt-1 text-xs text-muted">{t("event.live")}</p>}
      </section>
    </>
  );
}

function Podium({ view }: { view: TournamentView }) {
  const t = useTranslations("tournaments.event");
  return (
    <section aria-labelledby="tour-podium" className="card p-3" data-testid="podium">
      <h2 id="tour-podium" className="mb-2 font-semibold">
        {t("podium")}
      </h2>
      <ol className="flex flex-wrap gap-4">
        {view.podium.map((p) => (
          <li key={p.playerId} className="text-lg">
            <span className="font-bold">{t("place", { place: p.rank })}</span> {p.name}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A Swiss past its start with fewer than two players: it waits for them, and says until when (lib/shared/called-off). */
function WaitingForPlayers({ view }: { view: TournamentView }) {
  const t = useTranslations("tournaments.event");
  const { dateTime } = useDates();
  const until = waitingUntil(view, Date.now());
  if (until === null) return null;
  return (
    <p className="mt-1" data-testid="tournament-waiting">
      {t("waitingPlayers", { when: dateTime(until) })}
    </p>
  );
}
