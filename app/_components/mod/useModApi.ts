"use client";
// The operator's API (/api/mod/*, lib/server/moderation/http) with the token the operator typed,
// kept for this tab only (sessionStorage): never in a cookie, so no other page sends it.
import { useCallback, useEffect, useState } from "react";
import type { ErrorInfo } from "@/lib/shared/protocol";

const KEY = "ga_operator_token";

export interface ReportRow {
  id: string;
  reporter: string;
  target: string;
  gameId: string;
  /** A game's report links its replay; a tournament chat's, the event's page. */
  place?: "game" | "tournament";
  reason: string;
  note: string;
  status: string;
  at: string;
  messages: Array<{ channel: string; text: string; at: string }>;
  mutedUntil: string | null;
}

type Answer<T> = ({ ok: true } & T) | { ok: false; error: ErrorInfo };

export function useModApi() {
  const [token, setTokenState] = useState<string | null>(null);
  useEffect(() => setTokenState(sessionStorage.getItem(KEY)), []);
  const setToken = useCallback((t: string | null) => {
    if (t) sessionStorage.setItem(KEY, t);
    else sessionStorage.removeItem(KEY);
    setTokenState(t);
  }, []);

  const call = useCallback(
    async <T>(path: string, body?: unknown): Promise<Answer<T>> => {
      try {
        const res = await fetch(path, {
          method: body === undefined ? "GET" : "POST",
          headers: { authorization: `Bearer ${token ?? ""}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
          body: body === undefined ? undefined : JSON.stringify(body),
          credentials: "omit",
        });
        return (await res.json()) as Answer<T>;
      } catch {
        return { ok: false, error: { code: "INTERNAL", message: "The server did not answer." } };
      }
    },
    [token],
  );

  return {
    token,
    setToken,
    reports: (status: "open" | "closed") => call<{ reports: ReportRow[] }>(`/api/mod/reports?status=${status}`),
    mute: (name: string, minutes: number) => call<{ until: string }>("/api/mod/mute", { name, minutes, reason: "" }),
    unmute: (name: string) => call<object>("/api/mod/unmute", { name }),
    close: (id: string) => call<object>("/api/mod/reports/close", { id }),
  };
}
