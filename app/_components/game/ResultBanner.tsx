"use client";
// The result once the game is over: its headline, the reason, and a rated game's rating changes.
import { useTranslations } from "next-intl";
import type { GameState } from "@/lib/shared/protocol";
import { PlayerLink, ratingText } from "../PlayerLink";
import { RatingDiff } from "./PlayerRow";

/** The result's headline and its one-line reason, in the reader's language. */
export function useResultText(): (s: GameState, me: 1 | 2 | null) => { title: string; detail: string } {
  const t = useTranslations("game.result");
  return (s, me) => {
    if (s.reason === "abort") return { title: t("aborted"), detail: t("abortedDetail") };
    if (s.result === "draw") return { title: t("draw"), detail: s.reason === "full" ? t("full") : s.reason === "agreement" ? t("agreement") : "" };
    const winner: 1 | 2 = s.result === "black" ? 1 : 2;
    const w = winner === 1 ? "black" : "white";
    const l = winner === 1 ? "white" : "black";
    const title = me === null ? t("wins", { color: w }) : me === winner ? t("youWin") : t("youLose");
    const detail =
      s.reason === "five"
        ? t(s.rule === "exact5" || (s.rule === "renju" && winner === 1) ? "exactFive" : "five", { color: w })
        : s.reason === "resign"
          ? t("resigned", { color: l })
          : s.reason === "timeout"
            ? t("timeout", { color: l })
            : s.reason === "abandon"
              ? t("abandon", { color: l, winner: w })
              : "";
    return { title, detail };
  };
}

export function ResultBanner({ state, me }: { state: GameState; me: 1 | 2 | null }) {
  const { title, detail } = useResultText()(state, me);
  const good = me !== null && state.result === (me === 1 ? "black" : "white");
  const bad = me !== null && state.result !== "draw" && !good;
  return (
    <div
      role="status"
      data-testid="result-banner"
      data-result={state.result ?? ""}
      data-reason={state.reason ?? ""}
      className={`card px-5 py-4 text-center ${good ? "border-accent bg-accent/10" : bad ? "border-danger/40 bg-danger/5" : ""}`}
    >
      <div className="text-2xl font-bold">{title}</div>
      {detail && <div className="mt-0.5 text-sm text-muted">{detail}</div>}
      {state.rated && <RatingChanges state={state} />}
    </div>
  );
}

/** Both players' rating changes under the result (+12 / −9), once a rated game is over. */
function RatingChanges({ state }: { state: GameState }) {
  const rows = ([1, 2] as const).flatMap((c) => {
    const seat = c === 1 ? state.black : state.white;
    return seat.kind === "human" && seat.player?.diff !== undefined ? [{ c, player: seat.player, diff: seat.player.diff }] : [];
  });
  if (!rows.length) return state.reason === "abort" ? null : <RatingPending />;
  return (
    // Wraps to two lines, and a long name is cut (whole in its title), on a phone's width.
    <div className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm" data-testid="rating-changes">
      {rows.map(({ c, player, diff }) => (
        <span
          key={c}
          className="flex min-w-0 max-w-full items-baseline"
          title={player.name}
          data-testid={`rating-change-${c === 1 ? "black" : "white"}`}
          data-diff={diff}
        >
          <PlayerLink name={player.name} className="min-w-0 truncate font-semibold" />
          {player.rating !== undefined && <span className="ml-1 shrink-0 tabular-nums">{ratingText(player.rating, player.provisional)}</span>}
          <RatingDiff diff={diff} />
        </span>
      ))}
    </div>
  );
}

function RatingPending() {
  const t = useTranslations("game.result");
  return <div className="mt-1 text-xs text-muted">{t("ratingPending")}</div>;
}
