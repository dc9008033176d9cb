"use client";
// Abort, draw offers and claiming the win, where they apply (what applies: lib/client/game-view;
// the server decides again: lib/server/games/endings).
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { GameState } from "@/lib/shared/protocol";
import type { PlayerView } from "@/lib/client/game-view";

export type EarlyEnding = "abort" | "offerDraw" | "acceptDraw" | "declineDraw" | "claim";

export function EarlyEndings({
  state,
  me,
  view,
  busy,
  run,
}: {
  state: GameState;
  me: 1 | 2;
  view: PlayerView;
  busy: boolean;
  run: (what: EarlyEnding) => void;
}) {
  const t = useTranslations("game.endings");
  const claimAt = view.claimFrom;
  const now = useNow(claimAt !== null);
  const declinedHere = useDeclinedHere(state, me);
  return (
    <>
      {view.abortable && (
        <button className="btn-ghost" onClick={() => run("abort")} disabled={busy} data-testid="abort" title={t("abortTitle")}>
          ✕ {t("abort")}
        </button>
      )}
      {view.draw === "toMe" && (
        <span className="flex items-center gap-2 rounded-lg bg-wood/25 px-2 py-1 text-sm" data-testid="draw-offered-to-me">
          {t("drawOffered")}
          <button className="btn-primary px-3 py-1" onClick={() => run("acceptDraw")} disabled={busy} data-testid="accept-draw">
            {t("accept")}
          </button>
          <button className="btn-ghost px-3 py-1" onClick={() => run("declineDraw")} disabled={busy} data-testid="decline-draw">
            {t("decline")}
          </button>
        </span>
      )}
      {view.draw === "byMe" && (
        <span className="text-sm text-muted" data-testid="draw-offered">
          {t("drawOfferedByMe")}
        </span>
      )}
      {view.draw === "none" && declinedHere && (
        <span className="text-sm text-muted" data-testid="draw-declined">
          {t("drawDeclined")}
        </span>
      )}
      {view.mayOfferDraw && !declinedHere && (
        <button className="btn-ghost" onClick={() => run("offerDraw")} disabled={busy} data-testid="offer-draw">
          ½ {t("offerDraw")}
        </button>
      )}
      {claimAt !== null && (
        <button className="btn-primary" onClick={() => run("claim")} disabled={busy || now < claimAt} data-testid="claim" title={t("claimTitle")}>
          {now < claimAt ? t("claimIn", { seconds: Math.ceil((claimAt - now) / 1000) }) : t("claim")}
        </button>
      )}
    </>
  );
}

/** The time, ticking twice a second while `ticking` (the countdown to the moment a claim is allowed). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, [ticking]);
  return now;
}

/**
 * My offer gone while the game goes on at the same ply: the opponent declined it. Say so, and keep
 * the offer button away until the game has moved on (the server refuses a repeat in that position).
 */
function useDeclinedHere(state: GameState, me: 1 | 2): boolean {
  const [declinedAt, setDeclinedAt] = useState<number | null>(null);
  const lastOffer = useRef(state.drawOffer);
  useEffect(() => {
    if (lastOffer.current === me && state.drawOffer == null && state.status === "playing") setDeclinedAt(state.moves.length);
    lastOffer.current = state.drawOffer;
  }, [state.drawOffer, state.status, state.moves.length, me]);
  return declinedAt === state.moves.length;
}
