"use client";
// A seat's row beside the board: the stone, the player (name, rating, its change, online dot), the
// first-move countdown and the clock.
import { useTranslations } from "next-intl";
import type { GameState } from "@/lib/shared/protocol";
import { Clock } from "../Clock";
import { FirstMoveCountdown } from "../FirstMoveCountdown";
import { PlayerLink, diffText, ratingText } from "../PlayerLink";
import { useColorName, useEngineLabel } from "../i18n/words";

export function PlayerRow({ state, c, me, clockAt, actor }: { state: GameState; c: 1 | 2; me: 1 | 2 | null; clockAt: number; actor: 1 | 2 }) {
  const seat = c === 1 ? state.black : state.white;
  const mine = me === c;
  const toMove = state.status === "playing" && actor === c;
  const clock = state.clock;
  const t = useTranslations("game");
  const colorName = useColorName();
  const engineLabel = useEngineLabel();
  const seatName = () =>
    seat.kind === "engine" ? engineLabel(seat.engine) : mine ? t("you") : !seat.taken ? t("waitingForPlayer") : me === null ? t("player") : t("opponent");
  let since = clockAt;
  if (clock) {
    const at = Date.parse(clock.at);
    if (Number.isFinite(at)) since = Math.min(at, clockAt);
  }
  return (
    <div className={`flex items-center gap-3 px-4 py-3 ${toMove ? "bg-wood/25" : ""}`} data-testid={`player-${c === 1 ? "black" : "white"}`}>
      <span
        className={`size-5 shrink-0 rounded-full shadow ${c === 1 ? "bg-gradient-to-br from-neutral-600 to-black" : "border border-neutral-300 bg-gradient-to-br from-white to-neutral-200"}`}
        role="img"
        aria-label={colorName(c, true)}
      />
      <div className="min-w-0 flex-1">
        {/* A long name gives way (an ellipsis), never the rating beside it. */}
        <div className="flex min-w-0 items-baseline font-semibold" data-testid={`seat-line-${c === 1 ? "black" : "white"}`}>
          {seat.kind === "human" && seat.player ? (
            <>
              <PlayerLink name={seat.player.name} className="min-w-0 truncate" testId={`name-${c === 1 ? "black" : "white"}`} />
              {mine && <span className="ml-1 shrink-0 text-xs font-normal text-muted">{t("youParen")}</span>}
              {seat.player.rating !== undefined && (
                <span className="ml-1.5 shrink-0 text-sm font-normal text-muted tabular-nums" data-testid={`rating-${c === 1 ? "black" : "white"}`}>
                  {ratingText(seat.player.rating, seat.player.provisional)}
                </span>
              )}
              {seat.player.diff !== undefined && <RatingDiff diff={seat.player.diff} />}
            </>
          ) : (
            <span className="min-w-0 truncate">{seatName()}</span>
          )}
          {seat.kind === "human" && seat.taken && !mine && (
            <span
              className={`ml-2 size-2 shrink-0 self-center rounded-full ${seat.connected ? "bg-accent" : "bg-neutral-300"}`}
              title={seat.connected ? t("online") : t("offlineDot")}
            />
          )}
        </div>
        <div className="text-xs text-muted">{colorName(c)}</div>
        {toMove && clock?.firstMoveBy && <FirstMoveCountdown clock={clock} since={since} mine={mine} testId={`first-move-${c === 1 ? "black" : "white"}`} />}
      </div>
      {clock && (
        <Clock ms={c === 1 ? clock.blackMs : clock.whiteMs} running={toMove && !clock.paused} since={since} testId={`clock-${c === 1 ? "black" : "white"}`} />
      )}
    </div>
  );
}

export function RatingDiff({ diff }: { diff: number }) {
  return (
    <span className={`ml-1 shrink-0 font-semibold tabular-nums ${diff > 0 ? "text-accent-dark" : diff < 0 ? "text-danger" : "text-muted"}`}>
      {diffText(diff)}
    </span>
  );
}
