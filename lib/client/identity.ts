"use client";
// Who this browser is: GET /api/me on the first use (the server makes a guest and sets its
// session cookie), then sign up, sign in, sign out and rename (lib/shared/identity). The socket
// connects only once this is known, so its handshake carries the session; a change of identity
// reconnects it (lib/client/socket).
import { useSyncExternalStore } from "react";
import { API, type ApiAnswer, type Locale, type Me } from "@/lib/shared/identity";
import type { ErrorInfo } from "@/lib/shared/protocol";

let me: Me | null = null;
let loading: Promise<Me | null> | null = null;
const listeners = new Set<() => void>();
const changeHooks = new Set<() => void>();

function set(next: Me | null): void {
  const changedPlayer = me?.id !== next?.id;
  me = next;
  for (const l of listeners) l();
  if (changedPlayer) for (const h of changeHooks) h();
}

async function call(path: string, body?: unknown): Promise<ApiAnswer<{ me: Me | null }>> {
  try {
    const res = await fetch(path, {
      method: body === undefined ? "GET" : "POST",
      credentials: "same-origin",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as ApiAnswer<{ me: Me | null }>;
  } catch {
    return { ok: false, error: { code: "INTERNAL", message: "The server did not answer. Check your connection." } };
  }
}

/** This browser's identity (made on first use); null only when the server could not be reached. */
export function loadMe(): Promise<Me | null> {
  loading ??= call(API.me).then((a) => {
    if (a.ok) set(a.me);
    else loading = null; // try again next time
    return a.ok ? a.me : null;
  });
  return loading;
}

/** Asks the server again who this browser is (its session may have ended elsewhere: sign out everywhere, a password change). */
export function reloadMe(): Promise<Me | null> {
  loading = null;
  return loadMe();
}

/** Runs `fn` whenever the identity becomes another player (sign in, sign out, sign up from nobody). */
export function onIdentityChange(fn: () => void): () => void {
  changeHooks.add(fn);
  return () => changeHooks.delete(fn);
}

async function change(path: string, body: unknown): Promise<ErrorInfo | null> {
  const a = await call(path, body);
  if (!a.ok) return a.error;
  if (a.me) {
    loading = Promise.resolve(a.me);
    set(a.me);
  } else {
    // Signed out: a fresh guest.
    loading = null;
    set(null);
    await loadMe();
  }
  return null;
}

export const signUp = (name: string, password: string) => change(API.signUp, { name, password });
export const signIn = (name: string, password: string) => change(API.signIn, { name, password });
export const signOut = () => change(API.signOut, {});
/** Ends every session of the account (every device, this one too): this browser becomes a new guest. */
export const signOutEverywhere = () => change(API.signOutEverywhere, {});
/** A new password (the current one proves it is you); every other device is signed out. */
export const changePassword = (current: string, password: string) => change(API.password, { current, password });
export const rename = (name: string) => change(API.rename, { name });
/** Remembers the language with the player (the switcher; the cookie decides the page). */
export const saveLocale = (locale: Locale) => change(API.locale, { locale });

/** The identity, for components (null while loading). */
export function useMe(): Me | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      if (!me) void loadMe();
      return () => listeners.delete(l);
    },
    () => me,
    () => null,
  );
}
