// A player's puzzle page data: rating, last tries, and the themes they fail most (the dashboard).
import type { Db } from "../db/client";
import { PUZZLE_THEMES, type PuzzleTheme } from "../../shared/puzzles/puzzle";
import type { PuzzleProfile } from "../../shared/puzzles/view";

const HISTORY = 30;

export async function puzzleProfileOf(db: Db, playerId: string): Promise<PuzzleProfile> {
  const [rating, attempts] = await Promise.all([
    db.puzzleRating.findUnique({ where: { playerId } }),
    db.puzzleAttempt.findMany({ where: { playerId, status: { not: "open" } }, orderBy: { createdAt: "desc" }, take: 500 }),
  ]);
  const puzzles = await db.puzzle.findMany({ where: { id: { in: [...new Set(attempts.map((a) => a.puzzleId))] } }, select: { id: true, theme: true } });
  const themeOf = new Map(puzzles.map((p) => [p.id, p.theme]));
  const themes = PUZZLE_THEMES.map((theme: PuzzleTheme) => {
    const mine = attempts.filter((a) => themeOf.get(a.puzzleId) === theme);
    return { theme, attempts: mine.length, solved: mine.filter((a) => a.status === "solved").length };
  });
  return {
    rating: rating ? Math.round(rating.rating) : null,
    attempts: rating?.attempts ?? 0,
    solved: rating?.solved ?? 0,
    history: attempts.slice(0, HISTORY).map((a) => ({
      puzzleId: a.puzzleId,
      solved: a.status === "solved",
      rated: a.rated,
      ratingAfter: a.ratingAfter === null ? null : Math.round(a.ratingAfter),
      at: (a.endedAt ?? a.createdAt).toISOString(),
      theme: themeOf.get(a.puzzleId) ?? "",
    })),
    // Weakest first: the lowest share solved among themes tried.
    themes: themes.sort((a, b) => (a.attempts ? a.solved / a.attempts : 2) - (b.attempts ? b.solved / b.attempts : 2)),
  };
}
