"use client";
// The line under the top seat: whose move it is (or the swap2 step, or the wait), and the AI's
// search under way.
import { useTranslations } from "next-intl";
import type { GameState, Thinking } from "@/lib/shared/protocol";
import type { PlayerView } from "@/lib/client/game-view";
import { toLabel } from "@/lib/shared/notation";
import { scoreTone } from "../MoveList";
import { useNumbers, useScoreText } from "../i18n/words";
import { useSwap2Prompt } from "../i18n/swap2";

export function StatusLine({ state, me, view }: { state: GameState; me: 1 | 2 | null; view: PlayerView }) {
  const { myAct: myTurn, aiToMove, phase, actor, awaited } = view;
  const t = useTranslations("game.status");
  const phasePrompt = useSwap2Prompt();
  const colorKey = (c: 1 | 2) => (c === 1 ? "black" : "white");
  let text: string;
  if (state.status === "waiting") {
    text = awaited ? t("waitingFor", { name: awaited }) : me !== null ? t("waitingLink") : t("waitingSecond");
  } else if (state.status === "finished") text = t("over");
  else if (phase !== "settled") text = phasePrompt(phase, state.moves.length, me === actor ? "me" : me !== null ? "opponent" : "watcher");
  else if (myTurn) text = t("yourMove", { color: colorKey(me!) });
  else if (aiToMove) text = t("aiThinking");
  else if (me !== null) text = t("opponentMove", { color: colorKey(state.toMove) });
  else text = t("toMove", { color: colorKey(state.toMove) });
  return (
    <p className="flex items-center gap-2 font-semibold" data-testid="status" role="status" data-my-turn={myTurn}>
      {myTurn && <span className="size-2 animate-pulse rounded-full bg-accent" />}
      {text}
    </p>
  );
}

export function ThinkingLine({ t, size }: { t: Thinking | null; size: number }) {
  const tr = useTranslations("game.thinking");
  const formatScore = useScoreText();
  const { compact: formatNodes } = useNumbers();
  return (
    <div className="mt-1 min-h-5 text-xs text-muted" data-testid="thinking">
      {t && t.depth > 0 ? (
        <>
          {tr("depth")} <span className="font-semibold text-ink tabular-nums">{t.depth}</span>
          {" · "}
          <span className={`tabular-nums ${scoreTone(t.score)}`} title={tr("aiSide")}>
            {formatScore(t.score)}
          </span>
          {" · "}
          <span className="font-mono">
            {t.pv
              .slice(0, 8)
              .map((p) => toLabel(p, size))
              .join(" ")}
          </span>
          <span className="tabular-nums"> · {tr(t.top ? "playouts" : "nodes", { n: formatNodes(t.nodes) })}</span>
          {t.top && t.top.length > 0 && (
            <span className="block font-mono tabular-nums" data-testid="thinking-top" title={tr("mctsTop")}>
              {t.top
                .slice(0, 4)
                .map((m) => `${toLabel(m, size)} ${formatNodes(m.visits)} (${Math.round(m.winRate * 100)}%)`)
                .join(" · ")}
            </span>
          )}
        </>
      ) : (
        tr("thinking")
      )}
    </div>
  );
}
