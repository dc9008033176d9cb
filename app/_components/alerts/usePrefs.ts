"use client";
// The alert settings (mute, volume, move confirmation) as React state, shared by every component
// through lib/client/alerts' store; and whether the main pointer is coarse (a finger).
import { useSyncExternalStore } from "react";
import { DEFAULT_PREFS, type AlertPrefs } from "@/lib/client/alert-rules";
import { getPrefs, subscribePrefs } from "@/lib/client/alerts";

export function usePrefs(): AlertPrefs {
  // The server renders the defaults; the stored settings come in after hydration.
  return useSyncExternalStore(subscribePrefs, getPrefs, () => DEFAULT_PREFS);
}

const COARSE = "(pointer: coarse)";

function subscribeCoarse(onChange: () => void): () => void {
  const mq = window.matchMedia(COARSE);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
}

export function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribeCoarse,
    () => window.matchMedia(COARSE).matches,
    () => false,
  );
}
