"use client";
// A swap2 game's opening as the move lists show it, apart from the moves: the placed stones (three,
// then two more if the second player chose so), each choice as a line after the stones it answered,
// and while it goes on, what is awaited. Cells are drawn by the list that uses it (game or replay).
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { choiceLines, openingPlies, swap2Phase, type Swap2Record } from "@/lib/shared/swap2";

/** The moves a swap2 opening placed (all of them while it goes on), and the rest. */
export function splitSwap2<M extends { ply: number }>(moves: readonly M[], r: Swap2Record | undefined): { opening: M[]; rest: M[] } {
  if (!r) return { opening: [], rest: [...moves] };
  const n = openingPlies(r) ?? moves.length;
  return { opening: moves.slice(0, n), rest: moves.slice(n) };
}

export function Swap2Opening<M extends { ply: number }>({ swap2, opening, cell }: { swap2: Swap2Record; opening: readonly M[]; cell: (m: M) => ReactNode }) {
  const t = useTranslations("game.swap2");
  // The lines' words from the catalogue, by the choice each records (choiceLines: which, where).
  const lines = choiceLines(swap2).map((l) => ({ ...l, text: t(l.afterPly === 3 ? `chose3_${swap2.first}` : `chose5_${swap2.second}`) }));
  const phase = swap2Phase(swap2, opening.length);
  const groups: Array<{ stones: M[]; line?: { text: string; testId: string } }> = [
    { stones: opening.filter((m) => m.ply <= 3), line: lines.find((l) => l.afterPly === 3) },
    { stones: opening.filter((m) => m.ply > 3), line: lines.find((l) => l.afterPly === 5) },
  ];
  return (
    <div className="border-b border-line bg-wood/10 pb-1" data-testid="swap2-opening" data-phase={phase}>
      <div className="px-3 pt-1.5 text-[0.7rem] font-semibold tracking-wide text-muted uppercase">{t("opening")}</div>
      {groups.map((g, i) =>
        g.stones.length || g.line ? (
          <div key={i}>
            {g.stones.length > 0 && (
              <div className="grid grid-cols-3 px-1" data-testid={`swap2-stones-${i + 1}`}>
                {g.stones.map((m) => (
                  <span key={m.ply} data-opening="true">
                    {cell(m)}
                  </span>
                ))}
              </div>
            )}
            {g.line && (
              <p className="px-3 py-0.5 text-xs font-semibold text-accent-dark" data-testid={g.line.testId}>
                {g.line.text}
              </p>
            )}
          </div>
        ) : null,
      )}
    </div>
  );
}
