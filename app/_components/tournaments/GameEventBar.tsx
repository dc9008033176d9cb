"use client";
// A tournament game's page (issue 30): the event it belongs to (a link back), berserk before the
// player's first move (an arena's), and once the game is over, the player's next pairing followed as
// lichess's arena does: the director pairs a free player at once, and a player left on the finished
// game would lose the next one on time (or have it aborted) without knowing it had begun.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { EV, type ServerToClient } from "@/lib/shared/protocol";
import type { TournamentKind, TournamentStatus, TournamentView } from "@/lib/shared/tournaments";
import { getSocket } from "@/lib/client/socket";
import { useErrorText } from "../i18n/words";
import { tourApi } from "./api";
import { useEventName } from "./eventName";

type Started = Parameters<ServerToClient[typeof EV.started]>[0];
export interface GameEvent {
  id: string;
  name: string;
  kind: TournamentKind;
  status: TournamentStatus;
  schedule: string | null;
}

/** The event game `gameId` belongs to, or null (most games: none). */
export function useGameEvent(gameId: string): GameEvent | null {
  const [event, setEvent] = useState<GameEvent | null>(null);
  useEffect(() => {
    let gone = false;
    tourApi<{ event: GameEvent | null }>(`/game/${encodeURIComponent(gameId)}`).then(
      (a) => !gone && setEvent(a.ok ? a.event : null),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [gameId]);
  return event;
}

/** Opens the player's next game of the event (once per game: the event's page would open it too). */
function openGame(router: ReturnType<typeof useRouter>, gameId: string) {
  sessionStorage.setItem(`tour-game-${gameId}`, "1");
  router.push(`/game/${gameId}`);
}

export function GameEventBar({
  gameId,
  event,
  color,
  moves,
  over,
}: {
  gameId: string;
  event: GameEvent;
  /** The viewer's seat (null: watching). */
  color: 1 | 2 | null;
  moves: ReadonlyArray<{ color: number }>;
  over: boolean;
}) {
  const seated = color !== null;
  // The viewer has made a move of this game: berserk is no longer theirs (the event's answer was read when the page opened).
  const moved = seated && moves.some((m) => m.color === color);
  const t = useTranslations("tournaments");
  const errorText = useErrorText();
  const nameOf = useEventName();
  const router = useRouter();
  const [me, setMe] = useState<TournamentView["me"]>(null);
  const [error, setError] = useState<string | null>(null);
  const following = seated && over && event.kind !== "engine" && event.status !== "finished";

  // The viewer's standing in the event: may they berserk this game, are they paired again already?
  useEffect(() => {
    if (!seated || event.kind === "engine") return;
    let gone = false;
    tourApi<{ tournament: TournamentView }>(`/${event.id}`).then(
      (a) => {
        if (gone || !a.ok) return;
        setMe(a.tournament.me);
        const next = a.tournament.me?.gameId;
        // Paired before this page heard of it (the director is quick): go now.
        if (over && next && next !== gameId) openGame(router, next);
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [event.id, event.kind, seated, over, gameId, router]);

  useEffect(() => {
    if (!following) return;
    const socket = getSocket();
    const onStarted = (e: Started) => e.via === "pairing" && e.gameId !== gameId && openGame(router, e.gameId);
    socket.on(EV.started, onStarted);
    return () => {
      socket.off(EV.started, onStarted);
    };
  }, [following, gameId, router]);

  const berserk = async () => {
    setError(null);
    const a = await tourApi<{ tournament?: unknown }>(`/${event.id}/berserk`, {}).catch(() => null);
    if (a && !a.ok) setError(errorText(a.error));
    else setMe((m) => (m ? { ...m, berserk: true, mayBerserk: false } : m));
  };
  const mine = me?.gameId === gameId;

  return (
    <section className="card flex flex-col gap-2 p-3 text-sm" aria-label={t("game.label")} data-testid="game-event">
      <p>
        {t("game.partOf")}{" "}
        <Link href={`/tournament/${event.id}`} className="font-semibold text-accent-dark underline" data-testid="game-event-link">
          {nameOf(event)}
        </Link>
      </p>
      {mine && me?.mayBerserk && !over && !moved && (
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn btn-danger px-3 py-1" onClick={() => void berserk()} data-testid="game-berserk">
            {t("event.berserk")}
          </button>
          <span className="text-xs text-muted">{t("event.berserkHelp")}</span>
        </div>
      )}
      {mine && me?.berserk && <p>{t("event.berserked")}</p>}
      {following && (me?.status === "waiting" || me?.status === "playing") && (
        <p role="status" data-testid="game-event-next">
          {t("game.next")}
        </p>
      )}
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
    </section>
  );
}
