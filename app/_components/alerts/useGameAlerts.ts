"use client";
// The game page's alerts: a sound for a move, your turn, the start and the end of a game, and low
// time on your clock (lib/client/alert-rules decides which); a notification for your turn or the
// start while the tab is hidden; "● Your turn" in the tab's title while it is your move.
import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import type { GameState } from "@/lib/shared/protocol";
import { toLabel } from "@/lib/shared/notation";
import { playerView } from "@/lib/client/game-view";
import { gameAlert, lowTimeCrossed, stripTurn, titleFor, TURN_MARK, type GameSnapshot } from "@/lib/client/alert-rules";
import { alert, type AlertNote } from "@/lib/client/alerts";

export function useGameAlerts(state: GameState | null, me: 1 | 2 | null, clockAt: number): void {
  const t = useTranslations("alerts");
  const myAct = !!state && playerView(state, me).myAct;
  const prev = useRef<GameSnapshot | null>(null);

  // A change of state: at most one alert, with a note for the notification when it waits for me.
  useEffect(() => {
    if (!state) return;
    const next: GameSnapshot = { gameId: state.id, status: state.status, plies: state.moves.length, me, myAct };
    const kind = gameAlert(prev.current, next);
    prev.current = next;
    if (!kind) return;
    const opponent = me === null ? null : me === 1 ? state.white : state.black;
    const name = (opponent?.kind === "human" ? opponent.player?.name : null) ?? t("board.opponent");
    const last = state.moves[state.moves.length - 1];
    const url = `/game/${state.id}`;
    const notes: Partial<Record<typeof kind, AlertNote>> = {
      gameStart: { title: t("notes.startTitle"), body: t("notes.startBody", { name }), url, tag: `game-${state.id}` },
      yourTurn: {
        title: t("notes.turnTitle"),
        body: last ? t("notes.turnBody", { name, point: toLabel(last, state.size) }) : t("notes.startBody", { name }),
        url,
        tag: `game-${state.id}`,
      },
    };
    alert(kind, notes[kind]);
  }, [state, me, myAct, t]);

  useTurnTitle(myAct, t("title.yourTurn"));
  useLowTime(state, me, myAct, clockAt);
}

/** "● Your turn · …" while it is my move; the plain title back after it, and when leaving the page. */
function useTurnTitle(myTurn: boolean, label: string): void {
  useEffect(() => {
    document.title = titleFor(document.title, myTurn, label);
    if (!myTurn) return;
    // Next may write the page's title after this ran (its metadata streams in): put the mark back.
    const head = document.querySelector("head");
    const watch = new MutationObserver(() => {
      if (!document.title.startsWith(TURN_MARK)) document.title = titleFor(document.title, true, label);
    });
    if (head) watch.observe(head, { subtree: true, childList: true, characterData: true });
    return () => {
      watch.disconnect();
      document.title = stripTurn(document.title);
    };
  }, [myTurn, label]);
}

/** The low-time sound, once as my running clock crosses the line. */
function useLowTime(state: GameState | null, me: 1 | 2 | null, myAct: boolean, clockAt: number): void {
  const clock = state?.status === "playing" ? state.clock : null;
  const mine = me === null || !clock ? null : me === 1 ? clock.blackMs : clock.whiteMs;
  const running = myAct && !!clock && !clock.paused;
  const at = clock ? Date.parse(clock.at) : NaN;
  const since = Number.isFinite(at) ? Math.min(at, clockAt) : clockAt;
  const before = useRef<number | null>(null);
  useEffect(() => {
    if (mine === null || !running) {
      before.current = mine;
      return;
    }
    const check = () => {
      const left = mine - (Date.now() - since);
      if (before.current !== null && lowTimeCrossed(before.current, left)) alert("lowTime");
      before.current = left;
    };
    check();
    const timer = setInterval(check, 250);
    return () => clearInterval(timer);
  }, [mine, running, since]);
}
