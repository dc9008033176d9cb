"use client";
// The puzzle trainer's calls (lib/server/puzzles/http): each answer, or a network failure as an error.
import { loadMe } from "./identity";
import type { ApiAnswer } from "@/lib/shared/identity";
import { PUZZLE_API, type HintView, type MoveResult, type PuzzleMode, type PuzzleProfile, type PuzzleView } from "@/lib/shared/puzzles/view";

async function call<T>(path: string, body?: unknown): Promise<ApiAnswer<T>> {
  try {
    await loadMe(); // a first visit's session cookie
    const res = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      credentials: "same-origin",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as ApiAnswer<T>;
  } catch {
    return { ok: false, error: { code: "INTERNAL", message: "The server did not answer. Check your connection." } };
  }
}

export function nextPuzzle(mode: PuzzleMode, theme?: string, id?: string, game?: string) {
  const q = new URLSearchParams({ mode });
  if (game) q.set("game", game);
  if (theme) q.set("theme", theme);
  if (id) q.set("id", id);
  return call<{ puzzle: PuzzleView }>(`${PUZZLE_API}/next?${q}`);
}

export const playPuzzleMove = (attemptId: string, move: string) => call<{ result: MoveResult }>(`${PUZZLE_API}/move`, { attemptId, move });
export const puzzleHint = (attemptId: string) => call<{ hint: HintView }>(`${PUZZLE_API}/hint`, { attemptId });
export const puzzleProfile = (name: string) => call<{ profile: PuzzleProfile }>(`${PUZZLE_API}/players/${encodeURIComponent(name)}`);
