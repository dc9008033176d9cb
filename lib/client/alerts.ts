"use client";
// Alerts: a sound for what happens (public/sounds/*.wav) and, while the tab is hidden, a browser
// notification for what waits for you. The rules are in ./alert-rules (pure, tested); this file plays
// and shows, and keeps the settings (mute, volume, move confirmation) in localStorage for the nav's
// control and the board. Callers: the game page (useGameAlerts), the lobby (paired), and anyone with a
// note to raise (challenges by name, correspondence turns): see /work/notes/alerts-contract.md.
import { alertPlan, parsePrefs, PREFS_KEY, sitePath, type AlertKind, type AlertPrefs, type Permission, type SoundName } from "./alert-rules";

export type { AlertKind, AlertPrefs, SoundName } from "./alert-rules";

/** A notification's texts (already translated) and where a click on it goes. */
export interface AlertNote {
  title: string;
  body?: string;
  /** A path on this site ("/game/abc"); anything else is ignored. */
  url?: string;
  /** A later note with the same tag replaces this one (defaults to the kind). */
  tag?: string;
}

/** Raise an alert: its sound (unless muted) and, when the tab is hidden and notifications are allowed, the note as a notification. */
export function alert(kind: AlertKind, note?: AlertNote): void {
  if (typeof window === "undefined") return;
  const plan = alertPlan(kind, { hidden: document.visibilityState === "hidden", permission: permission(), prefs: getPrefs(), hasNote: !!note?.title });
  if (plan.sound) playSound(plan.sound.name, plan.sound.volume);
  if (plan.notify && note) showNotification(kind, note);
}

/** The browser's notification permission, or "unsupported". */
export function permission(): Permission {
  if (typeof window === "undefined" || typeof window.Notification === "undefined") return "unsupported";
  return window.Notification.permission as Permission;
}

/** Ask for permission to notify: call it in a click handler, when a notification is about to be useful. Asks only once (not after a grant or a refusal). */
export async function askNotifyPermission(): Promise<Permission> {
  const now = permission();
  if (now !== "default") return now;
  try {
    return (await window.Notification.requestPermission()) as Permission;
  } catch {
    return permission();
  }
}

function showNotification(kind: AlertKind, note: AlertNote): void {
  try {
    const n = new window.Notification(note.title, { body: note.body, tag: note.tag ?? kind, icon: "/icon.svg" });
    const url = sitePath(note.url);
    n.onclick = () => {
      window.focus();
      if (url && window.location.pathname !== url) window.location.assign(url);
      n.close();
    };
  } catch {
    /* Chrome on Android allows notifications from a service worker only: the sound stays */
  }
}

// ---- sounds ----

const audios = new Map<SoundName, HTMLAudioElement>();

export function playSound(name: SoundName, volume: number): void {
  try {
    let a = audios.get(name);
    if (!a) audios.set(name, (a = new Audio(`/sounds/${name}.wav`)));
    // A sound still playing is started again rather than queued (two quick moves, one click each).
    a.currentTime = 0;
    a.volume = Math.min(1, Math.max(0, volume));
    // Before the first click on the page the browser refuses to play (autoplay policy): nothing to do.
    void a.play().catch(() => {});
  } catch {
    /* no audio here (a test browser without media) */
  }
}

// ---- settings ----

let cached: AlertPrefs | null = null;
const listeners = new Set<() => void>();

export function getPrefs(): AlertPrefs {
  if (cached) return cached;
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(PREFS_KEY);
  } catch {
    /* storage disabled: the defaults */
  }
  return (cached = parsePrefs(raw));
}

export function setPrefs(patch: Partial<AlertPrefs>): void {
  cached = parsePrefs(JSON.stringify({ ...getPrefs(), ...patch }));
  try {
    window.localStorage.setItem(PREFS_KEY, JSON.stringify(cached));
  } catch {
    /* storage disabled: the setting lasts as long as the page */
  }
  for (const l of listeners) l();
}

/** For useSyncExternalStore: the settings control and the board re-render when a setting changes (in this tab or another). */
export function subscribePrefs(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== PREFS_KEY) return;
    cached = null;
    onChange();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}
