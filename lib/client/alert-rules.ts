// The alerts' rules, pure (no DOM, no React): which event plays which sound and may show a browser
// notification, the remembered settings (parsed from whatever localStorage holds), the "● Your turn"
// title, and which alert a game page raises when its state changes. lib/client/alerts.ts does the
// playing and showing; the unit tests read this file alone.

/** What happened (the callers' words; see /work/notes/alerts-contract.md and docs/ALERTS.md). */
export type AlertKind = "move" | "yourTurn" | "gameStart" | "paired" | "gameEnd" | "lowTime" | "challenge" | "correspondenceTurn";

export const ALERT_KINDS: readonly AlertKind[] = ["move", "yourTurn", "gameStart", "paired", "gameEnd", "lowTime", "challenge", "correspondenceTurn"];

/** The sound files in public/sounds/<name>.wav (made by scripts/make-sounds.mjs). */
export type SoundName = "move" | "turn" | "start" | "end" | "lowtime";

export const SOUND_OF: Readonly<Record<AlertKind, SoundName>> = {
  move: "move",
  yourTurn: "turn",
  gameStart: "start",
  paired: "start",
  gameEnd: "end",
  lowTime: "lowtime",
  challenge: "start",
  correspondenceTurn: "turn",
};

/** The events worth a notification when the tab is hidden: something waits for you. A move seen, a game's end or low time are not (you are at the board, or it is too late). */
const NOTIFIES: ReadonlySet<AlertKind> = new Set<AlertKind>(["yourTurn", "gameStart", "paired", "challenge", "correspondenceTurn"]);

export type Permission = "default" | "granted" | "denied" | "unsupported";

export interface AlertContext {
  /** The tab is hidden (document.visibilityState). */
  hidden: boolean;
  permission: Permission;
  prefs: AlertPrefs;
  /** The caller gave a title for a notification. */
  hasNote: boolean;
}

export interface AlertPlan {
  /** The sound to play and at what volume (0–1), or null (muted, volume 0). */
  sound: { name: SoundName; volume: number } | null;
  /** Show a browser notification. */
  notify: boolean;
}

export function alertPlan(kind: AlertKind, ctx: AlertContext): AlertPlan {
  const audible = !ctx.prefs.muted && ctx.prefs.volume > 0;
  return {
    sound: audible ? { name: SOUND_OF[kind], volume: ctx.prefs.volume } : null,
    notify: NOTIFIES.has(kind) && ctx.hidden && ctx.permission === "granted" && ctx.hasNote,
  };
}

/** A notification's link: a path on this site, or null (another site, a scheme, "//host", "/\\host"). */
export function sitePath(url: string | undefined): string | null {
  return url && /^\/(?![/\\])/.test(url) ? url : null;
}

// ---- settings (localStorage) ----

/** Move confirmation on the board: "auto" asks for a second tap on touch screens only (a coarse pointer). */
export type ConfirmMoves = "auto" | "on" | "off";

export interface AlertPrefs {
  muted: boolean;
  /** 0–1. */
  volume: number;
  confirmMoves: ConfirmMoves;
}

export const PREFS_KEY = "gomoku:alerts:v1";
export const DEFAULT_PREFS: AlertPrefs = { muted: false, volume: 0.6, confirmMoves: "auto" };

/** The stored settings; anything missing, of the wrong type or out of range (an old version, a hand edit) takes its default. */
export function parsePrefs(raw: string | null): AlertPrefs {
  let o: unknown;
  try {
    o = raw ? JSON.parse(raw) : null;
  } catch {
    o = null;
  }
  const r = o && typeof o === "object" ? (o as Record<string, unknown>) : {};
  const volume = typeof r.volume === "number" && Number.isFinite(r.volume) ? Math.min(1, Math.max(0, r.volume)) : DEFAULT_PREFS.volume;
  const confirmMoves = r.confirmMoves === "on" || r.confirmMoves === "off" || r.confirmMoves === "auto" ? r.confirmMoves : DEFAULT_PREFS.confirmMoves;
  return { muted: typeof r.muted === "boolean" ? r.muted : DEFAULT_PREFS.muted, volume, confirmMoves };
}

/** Whether a first tap only shows a ghost stone: "auto" → on coarse pointers (phones, tablets) only. */
export function confirmsMoves(setting: ConfirmMoves, coarsePointer: boolean): boolean {
  return setting === "on" || (setting === "auto" && coarsePointer);
}

// ---- the tab's title ----

export const TURN_MARK = "●";
const TURN_PREFIX = /^● [^·]*· /;

/** The title without a "● Your turn · " prefix (whatever its language). */
export const stripTurn = (title: string): string => title.replace(TURN_PREFIX, "");

/** The title to show: "● <label> · <title>" while it is my move, the plain title otherwise (never two prefixes). */
export function titleFor(title: string, myTurn: boolean, label: string): string {
  const plain = stripTurn(title);
  return myTurn ? `${TURN_MARK} ${label.replace(/·/g, "")} · ${plain}` : plain;
}

// ---- a game page's alerts ----

/** What the game page knows that matters to the alerts. */
export interface GameSnapshot {
  gameId: string;
  status: "waiting" | "playing" | "finished" | string;
  plies: number;
  /** My seat (null: I watch). */
  me: 1 | 2 | null;
  /** I am the one to act (place, move or choose). */
  myAct: boolean;
}

/** The alert a change of the game's state raises (one at most: the most important), or null. A page just opened (prev null, or another game) raises nothing. */
export function gameAlert(prev: GameSnapshot | null, next: GameSnapshot): AlertKind | null {
  if (!prev || prev.gameId !== next.gameId) return null;
  if (prev.status === "playing" && next.status === "finished") return "gameEnd";
  if (prev.status === "waiting" && next.status === "playing" && next.me !== null) return next.myAct ? "yourTurn" : "gameStart";
  if (next.status !== "playing" || next.plies <= prev.plies) return null;
  return next.me !== null && next.myAct && !prev.myAct ? "yourTurn" : "move";
}

/** Below this much time left on my clock, the low-time sound (as the clock turns red: app/_components/Clock). */
export const LOW_TIME_MS = 20_000;

/** My clock just crossed the low-time line (once a crossing: an increment that lifts it above arms it again). */
export const lowTimeCrossed = (before: number, now: number, line = LOW_TIME_MS): boolean => before >= line && now < line;
