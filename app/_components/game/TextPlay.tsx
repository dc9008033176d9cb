"use client";
// Play without seeing the board (issue 32): the moves and the result said through a live region, a
// field to type a move ("h8") and Enter, and the board as text (rows of the position), shown on demand.
import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import type { Point } from "@/engine";
import type { GameState } from "@/lib/shared/protocol";
import { parseLabel, toLabel } from "@/lib/shared/notation";
import type { BoardStone } from "../Board";
import { useResultText } from "./ResultBanner";

/** Says the last move, and the result once the game is over, through a polite live region. */
export function MoveAnnouncer({ state, me }: { state: GameState; me: 1 | 2 | null }) {
  const t = useTranslations("a11y.live");
  const resultText = useResultText();
  const last = state.moves[state.moves.length - 1];
  const move = last ? t("move", { n: last.ply, color: last.color, point: toLabel(last, state.size) }) : "";
  const result = state.status === "finished" ? resultText(state, me) : null;
  const text = [move, result && `${result.title}. ${result.detail}`].filter(Boolean).join(". ");
  return (
    <p className="sr-only" aria-live="polite" data-testid="live-moves" data-ply={state.moves.length}>
      {text}
    </p>
  );
}

/** The field to type a move in: a point's label, Enter plays it; what is wrong with it is said. */
export function MoveField({ size, stones, canPlay, play }: { size: number; stones: BoardStone[]; canPlay: boolean; play: (p: Point) => void }) {
  const t = useTranslations("a11y.text");
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return setError(t("empty"));
    const p = parseLabel(text.trim().toLowerCase(), size);
    if (!p) return setError(t("bad", { text: text.trim(), size }));
    if (stones.some((s) => s.x === p.x && s.y === p.y)) return setError(t("taken", { point: toLabel(p, size) }));
    if (!canPlay) return setError(t("notYourTurn"));
    setError("");
    setText("");
    play(p);
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" data-testid="text-play">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="field-label">
          {t("moveLabel")}
        </label>
        <input
          id={id}
          className="select font-mono"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          data-testid="move-input"
        />
      </div>
      <button type="submit" className="btn-ghost" data-testid="move-submit">
        {t("play")}
      </button>
      <p id={`${id}-error`} role="alert" className="w-full text-sm text-danger empty:hidden" data-testid="move-error">
        {error}
      </p>
    </form>
  );
}

/** The position as text, one row a line from the top: a grid for the eye, the stones by name for a screen reader. */
export function BoardText({ size, stones }: { size: number; stones: BoardStone[] }) {
  const t = useTranslations("a11y.text");
  const at = new Map(stones.map((s) => [s.y * size + s.x, s.color]));
  const letters = Array.from({ length: size }, (_, x) => toLabel({ x, y: 0 }, size).replace(/(?<!\d)\d+$/, ""));
  return (
    <figure className="overflow-x-auto" data-testid="board-text">
      <figcaption className="mb-1 text-xs text-muted">{t("textCaption")}</figcaption>
      <pre aria-hidden="true" className="font-mono text-sm leading-tight">
        {`   ${letters.join(" ")}\n`}
      </pre>
      <ol className="font-mono text-sm leading-tight">
        {Array.from({ length: size }, (_, y) => {
          const row = size - y;
          const cells = Array.from({ length: size }, (_, x) => at.get(y * size + x) ?? 0);
          const named = cells.flatMap((c, x) => (c ? [t("stone", { point: toLabel({ x, y }, size), color: c })] : []));
          return (
            <li key={row} data-testid={`text-row-${row}`} data-row={cells.map((c) => ".XO"[c]).join("")}>
              <span aria-hidden="true" className="whitespace-pre">
                {`${String(row).padStart(2)} ${cells.map((c) => ".XO"[c]).join(" ")}`}
              </span>
              <span className="sr-only">{named.length ? t("row", { row, stones: named.join(", ") }) : t("rowEmpty", { row })}</span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}

/** The text panel of a game: the field (for a player whose game is on) and the board-as-text toggle. */
export function TextPlay({
  state,
  me,
  stones,
  canPlay,
  play,
}: {
  state: GameState;
  me: 1 | 2 | null;
  stones: BoardStone[];
  canPlay: boolean;
  play: (p: Point) => void;
}) {
  const t = useTranslations("a11y.text");
  const [showText, setShowText] = useState(false);
  const headingId = useId();
  // The choice is kept for the next game (a screen-reader user wants it every time).
  useEffect(() => setShowText(localStorage.getItem("boardText") === "1"), []);
  const toggle = (v: boolean) => {
    setShowText(v);
    localStorage.setItem("boardText", v ? "1" : "0");
  };
  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-bold">
        {t("heading")}
      </h2>
      {me !== null && state.status === "playing" && <MoveField size={state.size} stones={stones} canPlay={canPlay} play={play} />}
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-accent" checked={showText} onChange={(e) => toggle(e.target.checked)} data-testid="toggle-board-text" />
        {t("showText")}
      </label>
      {showText && <BoardText size={state.size} stones={stones} />}
    </section>
  );
}
