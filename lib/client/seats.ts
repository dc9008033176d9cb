"use client";
// Seat tokens, kept in localStorage per game id: reloading or reconnecting gives the same seat back.
const KEY = (gameId: string) => `gomoku:seat:${gameId}`;

export function getSeatToken(gameId: string): string | null {
  try {
    return window.localStorage.getItem(KEY(gameId));
  } catch {
    return null;
  }
}

export function setSeatToken(gameId: string, token: string): void {
  try {
    window.localStorage.setItem(KEY(gameId), token);
  } catch {
    /* storage disabled: the seat lasts as long as the page */
  }
}
