"use client";
// The row of actions under the game: resign (confirmed), takeback, the early endings, rematch, and
// once it is over the links to its replay, its analysis and a new game. What shows comes from
// lib/client/game-view; the server decides again.
import Link from "next/link";
import { useEffect, useState, type RefObject } from "react";
import { useTranslations } from "next-intl";
import type { GameState } from "@/lib/shared/protocol";
import type { PlayerView } from "@/lib/client/game-view";
import { analysisHref, fromState } from "@/lib/shared/replay/game";
import { EarlyEndings, type EarlyEnding } from "./EarlyEndings";

export type SeatAction = EarlyEnding | "resign" | "takeback";

export function GameActions({
  state,
  me,
  view,
  busy,
  run,
  rematch,
  controls,
}: {
  state: GameState;
  me: 1 | 2 | null;
  view: PlayerView;
  busy: boolean;
  run: (what: SeatAction) => Promise<void>;
  /** None: no rematch here (a tournament's game: the event pairs the next one). */
  rematch?: () => void;
  /** The row's element (OffscreenNotice points to it when an offer waits out of sight). */
  controls: RefObject<HTMLDivElement | null>;
}) {
  const t = useTranslations("game");
  const [confirmResign, setConfirmResign] = useState(false);
  useEffect(() => {
    if (state.status !== "playing") setConfirmResign(false);
  }, [state.status]);
  const act = async (what: SeatAction) => {
    await run(what);
    setConfirmResign(false);
  };
  const over = state.status === "finished";
  return (
    <div ref={controls} className="flex flex-wrap items-center gap-2">
      {me !== null &&
        state.status === "playing" &&
        (confirmResign ? (
          <span className="flex items-center gap-2 rounded-lg bg-danger/10 px-2 py-1 text-sm" data-testid="resign-confirm">
            {t("resignConfirm")}
            <button className="btn-danger px-3 py-1" onClick={() => act("resign")} disabled={busy}>
              {t("resignYes")}
            </button>
            <button className="btn-ghost px-3 py-1" onClick={() => setConfirmResign(false)}>
              {t("resignNo")}
            </button>
          </span>
        ) : (
          <button className="btn-ghost" onClick={() => setConfirmResign(true)} data-testid="resign">
            ⚑ {t("resign")}
          </button>
        ))}
      {view.mayTakeback && (
        <button className="btn-ghost" onClick={() => act("takeback")} disabled={busy} data-testid="takeback" title={t("takebackTitle")}>
          ↶ {t("takeback")}
        </button>
      )}
      {me !== null && state.status === "playing" && <EarlyEndings state={state} me={me} view={view} busy={busy} run={(what) => void act(what)} />}
      {me !== null && over && rematch && (
        <button className="btn-primary" onClick={rematch} disabled={busy} data-testid="rematch">
          ↻ {state.rematchId && state.kind === "hvh" ? t("acceptRematch") : t("rematch")}
        </button>
      )}
      {me === null && state.rematchId && (
        <Link href={`/game/${state.rematchId}?watch=1`} className="btn-ghost" data-testid="watch-rematch">
          {t("watchRematch")}
        </Link>
      )}
      {over && (
        <Link href={`/replay/${state.id}`} className="btn-ghost" data-testid="replay-game">
          {t("replayGame")}
        </Link>
      )}
      {over && (
        <Link href={analysisHref(fromState(state))} className="btn-ghost" data-testid="analyse-game">
          {t("analysisBoard")}
        </Link>
      )}
      {over && (
        <Link href="/" className="btn-ghost">
          {t("newGame")}
        </Link>
      )}
    </div>
  );
}
