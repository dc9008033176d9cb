// Why a game asked for as rated is played as casual (lib/server/ratings/eligibility decides; the
// game's state carries the code, and the pages say it in the reader's language from the code).
export const UNRATED_CODES = ["SAME_DEVICE", "PAIR_LIMIT", "NEW_NEIGHBOURS"] as const;
export type UnratedCode = (typeof UNRATED_CODES)[number];

export const isUnratedCode = (v: unknown): v is UnratedCode => (UNRATED_CODES as readonly unknown[]).includes(v);

/** The game state's note: the code, the allowance it hit (PAIR_LIMIT, NEW_NEIGHBOURS), and the server's English sentence. */
export interface UnratedNote {
  code: UnratedCode;
  limit?: number;
  message: string;
}

/** The English sentence for `code` (the server's message; pages use their catalogue's `unrated.<code>`). */
export function unratedMessage(code: UnratedCode, limit?: number): string {
  switch (code) {
    case "SAME_DEVICE":
      return "Both players have used the same device, so this game is casual: it does not change ratings.";
    case "PAIR_LIMIT":
      return `These two players have had ${limit ?? "their"} rated games in the last 24 hours, so this one is casual.`;
    case "NEW_NEIGHBOURS":
      return `Rated games against new players on the same network count ${limit ?? "a few"} times a day, so this one is casual.`;
  }
}
