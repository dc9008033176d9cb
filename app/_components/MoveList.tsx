"use client";
// The moves, two to a row (black, white), each with its label and, where the engine searched the
// position (its own moves; a person's moves against the AI, pondered), the score from the mover's
// side; hovering says the move's rank among the candidates and the engine's choice. Once the game is
// analysed, the analysis's score of a move replaces the one its search left; the scores agree from move
// to move, each with its win chance (lib/shared/analysis shownScores).
import { useEffect, useMemo, useRef } from "react";
import type { MoveRecord } from "@/lib/shared/protocol";
import type { Score } from "@/engine";
import { useTranslations } from "next-intl";
import { toLabel } from "@/lib/shared/notation";
import { candidateNote } from "@/lib/shared/move-note";
import { useCandidateNote, useScoreText } from "./i18n/words";
import type { Swap2Record } from "@/lib/shared/swap2";
import { plyOf, shownScores, type AgreedScore, type AnalysisView } from "@/lib/shared/analysis";
import { useWinChance } from "./i18n/score-words";
import { Swap2Opening, splitSwap2 } from "./Swap2Opening";
import { moveRows } from "./move-rows";

export function scoreTone(s: Score): string {
  if (s.kind === "win") return "text-accent-dark font-semibold";
  if (s.kind === "loss") return "text-danger font-semibold";
  return s.value > 0 ? "text-accent-dark" : s.value < 0 ? "text-danger" : "text-muted";
}

/**
 * swap2: the game's opening record (its stones and choices are shown apart, above the moves); analysis:
 * the server's, if any; endsInFive: the last move made five.
 */
export function MoveList({
  moves,
  size,
  swap2,
  analysis = null,
  endsInFive = false,
}: {
  moves: MoveRecord[];
  size: number;
  swap2?: Swap2Record;
  analysis?: AnalysisView | null;
  endsInFive?: boolean;
}) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = end.current?.parentElement;
    if (el) el.scrollTop = el.scrollHeight;
  }, [moves.length]);
  const t = useTranslations("game.moves");
  const shown = useMemo(() => shownScores(analysis, moves, endsInFive), [analysis, moves, endsInFive]);
  const shownOf = (m: MoveRecord | null) => (m && moves[m.ply - 1] === m ? shown[m.ply - 1] : null);

  // Rows of (black, white); a game whose first move is white's starts with an empty black cell.
  const { opening, rest } = splitSwap2(moves, swap2);
  const rows = moveRows(rest);

  return (
    // A region with a tab stop: it scrolls, and a keyboard must be able to scroll it (axe: scrollable-region-focusable).
    <div
      className="max-h-72 overflow-y-auto focus-visible:outline-2 focus-visible:outline-[var(--focus)] lg:max-h-[22rem]"
      role="region"
      tabIndex={0}
      data-testid="move-list"
      aria-label={t("label")}
    >
      {swap2 && (
        <Swap2Opening
          swap2={swap2}
          opening={opening}
          cell={(m) => <MoveCell m={m} size={size} last={m.ply === moves.length} analysis={analysis} shown={shownOf(m)} />}
        />
      )}
      {moves.length === 0 && !swap2 ? (
        <p className="px-3 py-4 text-center text-sm text-muted">{t("none")}</p>
      ) : rows.length === 0 ? null : (
        <ol className="text-sm">
          {rows.map(({ n, black: b, white: w }, i) => (
            <li key={n} className={`grid grid-cols-[2.5rem_1fr_1fr] items-center ${i % 2 ? "bg-page/60" : ""}`}>
              <span className="py-1 pr-2 text-right text-xs text-muted tabular-nums" data-testid={`row-${n}`}>
                {n}.
              </span>
              <MoveCell m={b} size={size} last={b?.ply === moves.length} analysis={analysis} shown={shownOf(b)} />
              <MoveCell m={w} size={size} last={w?.ply === moves.length} analysis={analysis} shown={shownOf(w)} />
            </li>
          ))}
        </ol>
      )}
      <div ref={end} />
    </div>
  );
}

function MoveCell({
  m,
  size,
  last,
  analysis,
  shown,
}: {
  m: MoveRecord | null;
  size: number;
  last: boolean;
  analysis: AnalysisView | null;
  shown: AgreedScore | null;
}) {
  const t = useTranslations("game.moves");
  const formatScore = useScoreText();
  const note = useCandidateNote();
  const chance = useWinChance();
  if (!m) return <span className="px-2 py-1 text-muted">…</span>;
  const who = m.color === 1 ? "black" : "white";
  const analysed = plyOf(analysis, m.ply);
  return (
    <span
      className={`flex items-baseline justify-between gap-1 px-2 py-1 ${last ? "rounded bg-wood/40" : ""}`}
      data-testid={`move-${m.ply}`}
      data-label={toLabel(m, size)}
      data-by={m.by}
    >
      <span className="font-mono font-semibold">{toLabel(m, size)}</span>
      {shown && (
        <span className="flex items-baseline gap-1">
          <span
            className={`text-xs tabular-nums ${scoreTone(shown.score)}`}
            data-testid={`score-${m.ply}`}
            data-from={shown.from}
            data-note={candidateNote(m, size) ?? undefined}
            title={
              analysed
                ? t("analysedTitle", { score: formatScore(analysed.after), rank: analysed.rank, total: analysed.candidates, color: who, depth: analysed.depth })
                : t("scoreTitle", { note: note(m, size) ?? t("engineScore"), color: who, depth: m.depth ?? 0 })
            }
          >
            {formatScore(shown.score)}
          </span>
          <span className="text-[0.7rem] text-muted tabular-nums" data-testid={`chance-${m.ply}`} title={chance.title(shown.score)}>
            {chance.short(shown.score)}
          </span>
        </span>
      )}
    </span>
  );
}
