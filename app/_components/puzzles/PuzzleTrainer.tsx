"use client";
// /puzzles: the board, "Black to play and win", your move checked on the server, the defender's reply
// played for you; a wrong move ends the try and shows what wins; hints; then the solution, the
// analysis board, the next puzzle. Modes: rated (near your rating, a theme if you pick one), the
// daily puzzle, a streak. The board is the game's (../game/PlayBoard): on a touch screen a first tap shows a ghost
// stone and a second plays it (a slip on a 20×20 board at phone width would end a rated try), and a zoom.
import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { PlayBoard } from "@/app/_components/game/PlayBoard";
import { parseLabel } from "@/lib/shared/notation";
import { cellsOf, forbiddenPoints } from "@/engine";
import type { PuzzleMode } from "@/lib/shared/puzzles/view";
import type { ErrorInfo } from "@/lib/shared/protocol";
import { useErrorText } from "../i18n/words";
import { analysisLink, boardStones, usePuzzle } from "./usePuzzle";

const MODES: PuzzleMode[] = ["rated", "daily", "streak"];
const THEMES = ["", "vcf", "vct", "defend", "renju"] as const;

export function PuzzleTrainer({ mode, theme, id, game }: { mode: PuzzleMode; theme: string; id: string; game: string }) {
  const t = useTranslations("puzzles");
  const tc = useTranslations("common");
  const z = usePuzzle(mode, theme, id, game);
  const generic = useErrorText();
  // A refusal in the trainer's own words when it has them (the catalogue's are a game's: "The game is over").
  const errorText = (e: ErrorInfo) => {
    const key = e.code === "NOT_FOUND" && mode === "game" && !p ? "NOT_FOUND_GAME" : e.code;
    return t.has(`errors.${key}`) ? t(`errors.${key}`) : generic(e);
  };
  const [showSolution, setShowSolution] = useState(false);
  const p = z.puzzle;
  const over = z.result && z.result.kind !== "continue";
  const colorName = (c: 1 | 2) => t(c === 1 ? "black" : "white");
  const stones = p ? boardStones(p, z.played) : [];
  const line = over && z.result && z.result.kind !== "continue" ? z.result.line : null;
  const last = z.played.length && p ? parseLabel(z.played[z.played.length - 1].label, p.size) : null;
  const hintMove = z.hint?.kind === "move" && p ? parseLabel(z.hint.move, p.size) : null;
  const area = z.hint?.kind === "area" ? z.hint : null;
  // Renju: black's forbidden points marked when black is to move (a forbidden point can be the puzzle's point).
  const blackToMove = p && !over && (z.played.length % 2 === 0 ? p.toMove : 3 - p.toMove) === 1;
  const forbidden = p?.rule === "renju" && blackToMove ? forbiddenPoints(p.size, cellsOf(p.size, stones)) : null;

  return (
    <main className="mx-auto max-w-5xl px-3 py-4 sm:px-4">
      <h1 className="mb-3 text-2xl font-bold">{t("title")}</h1>
      <nav aria-label={t("modes.label")} className="mb-3 flex flex-wrap gap-2">
        {MODES.map((m) => (
          <Link
            key={m}
            href={m === "rated" ? "/puzzles" : `/puzzles?mode=${m}`}
            aria-current={m === mode ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-semibold ${m === mode ? "bg-wood/40 text-ink" : "text-muted hover:bg-wood/20"}`}
          >
            {t(`modes.${m}`)}
          </Link>
        ))}
        {mode === "rated" && (
          <label className="ml-auto flex items-center gap-2 text-sm">
            {t("themes.label")}
            <select
              className="rounded border border-line bg-card px-2 py-1"
              value={theme}
              onChange={(e) => window.location.assign(e.target.value ? `/puzzles?theme=${e.target.value}` : "/puzzles")}
            >
              {THEMES.map((th) => (
                <option key={th} value={th}>
                  {t(`themes.${th || "all"}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </nav>
      {!p && <p role="status">{z.error ? t("none", { message: errorText(z.error) }) : t("loading")}</p>}
      {p && (
        <div className="flex flex-col gap-4 md:flex-row">
          <div className="w-full max-w-[640px]" aria-label={t("board")} data-testid="puzzle-board" data-puzzle-id={p.puzzleId}>
            <PlayBoard
              size={p.size}
              stones={stones}
              lastMove={last}
              showNumbers
              forbidden={forbidden}
              previewColor={!over && !z.busy ? p.toMove : null}
              onPlay={(pt) => void z.play(pt)}
              pv={showSolution && line ? line.slice(z.played.length).map((l) => parseLabel(l, p.size)!) : hintMove ? [hintMove] : null}
              pvFirstColor={z.played.length % 2 === 0 ? p.toMove : p.toMove === 1 ? 2 : 1}
              overlay={
                area
                  ? ({ px, cell }) => (
                      <rect
                        x={px(area.x0) - cell / 2}
                        y={px(area.y0) - cell / 2}
                        width={cell * 5}
                        height={cell * 5}
                        fill="rgba(60,130,255,0.18)"
                        stroke="rgb(40,100,220)"
                        strokeWidth={2}
                        data-testid="hint-area"
                      />
                    )
                  : undefined
              }
            />
          </div>
          <section className="flex min-w-0 flex-1 flex-col gap-2" aria-live="polite">
            <p className="text-lg font-semibold" data-testid="puzzle-prompt">
              {t(`prompt.${p.goal}`, { color: colorName(p.toMove) })}
            </p>
            {p.rule !== "freestyle" && <p data-testid="puzzle-rule">{t("rule", { rule: tc(`rule.${p.rule}`) })}</p>}
            {p.mode === "daily" && p.day && <p>{t("day", { day: p.day })}</p>}
            {p.mode === "game" && <p data-testid="from-game">{t("fromGame")}</p>}
            {p.mode === "streak" && <p data-testid="streak-count">{t("streakCount", { n: p.streak + (z.result?.kind === "solved" ? 1 : 0) })}</p>}
            <p data-testid="my-rating">{t("yourRating", { rating: p.myRating })}</p>
            {p.mode !== "streak" && <p className="text-sm text-muted">{t("puzzleRating", { rating: p.rating })}</p>}
            {p.mode !== "streak" && !p.rated && <p className="text-sm text-muted">{t(p.mode === "game" ? "unratedGame" : "unrated")}</p>}
            <Status z={z} colorName={colorName} toMove={p.toMove} />
            {z.error && p && <p role="alert">{errorText(z.error)}</p>}
            <Actions
              over={!!over}
              rated={p.rated && p.mode !== "streak"}
              onHint={() => void z.askHint()}
              onSolution={() => setShowSolution(true)}
              analyse={analysisLink(
                p,
                z.played.map((m) => m.label),
              )}
              onNext={() => {
                setShowSolution(false);
                z.next();
              }}
            />
            {showSolution && line && <p data-testid="solution-line">{t("solutionLine", { line: line.join(" ") })}</p>}
          </section>
        </div>
      )}
    </main>
  );
}

function Status({ z, colorName, toMove }: { z: ReturnType<typeof usePuzzle>; colorName: (c: 1 | 2) => string; toMove: 1 | 2 }) {
  const t = useTranslations("puzzles");
  const r = z.result;
  const hint = z.hint?.kind === "area" ? t("hintArea") : z.hint?.kind === "move" ? t("hintMove", { move: z.hint.move }) : null;
  const change = r && r.kind !== "continue" && r.rating ? <p data-testid="rating-change">{t("ratingChange", { ...r.rating })}</p> : null;
  return (
    <div data-testid="puzzle-status">
      {hint && <p>{hint}</p>}
      {r?.kind === "continue" && <p>{t("right", { color: colorName(toMove === 1 ? 2 : 1), reply: r.reply })}</p>}
      {r?.kind === "solved" && <p className="font-semibold text-green-700">{t("solved")}</p>}
      {r?.kind === "failed" && (
        <>
          <p className="font-semibold text-red-700">{t(r.theme === "defend" ? "wrongDefend" : "wrong", { move: z.wrong ?? "" })}</p>
          <p data-testid="refutation">
            {r.theme === "defend" && !r.refutation.length
              ? t("holds", { move: r.line[0] ?? "" }) // the threat has no single winning line to show
              : t(r.theme === "defend" ? "threat" : "refutation", { line: r.refutation.join(" ") })}
          </p>
          {z.puzzle?.mode === "streak" && <p data-testid="streak-over">{t("streakOver", { n: z.puzzle.streak })}</p>}
        </>
      )}
      {change}
      {r && r.kind !== "continue" && r.from && (
        <p data-testid="puzzle-source">
          {t.rich("source", {
            ply: r.from.ply,
            link: (chunks) => (
              <Link className="underline" href={`/game/${r.from!.gameId}`}>
                {chunks}
              </Link>
            ),
          })}
        </p>
      )}
    </div>
  );
}

function Actions(a: { over: boolean; rated: boolean; onHint: () => void; onSolution: () => void; analyse: string; onNext: () => void }) {
  const t = useTranslations("puzzles");
  const button = "rounded-md border border-line px-3 py-1.5";
  if (!a.over)
    return (
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={button} onClick={a.onHint} data-testid="puzzle-hint" aria-describedby={a.rated ? "hint-cost" : undefined}>
          {t("hint")}
        </button>
        {/* Said before the click: a hint on a rated try counts it as not solved. */}
        {a.rated && (
          <span id="hint-cost" className="text-sm text-muted">
            {t("hintCost")}
          </span>
        )}
      </div>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={button} onClick={a.onSolution} data-testid="puzzle-solution">
        {t("solution")}
      </button>
      <Link className={button} href={a.analyse}>
        {t("analyse")}
      </Link>
      <button type="button" className="rounded-md bg-accent px-3 py-1.5 font-semibold text-white" onClick={a.onNext} data-testid="puzzle-next">
        {t("next")}
      </button>
    </div>
  );
}
