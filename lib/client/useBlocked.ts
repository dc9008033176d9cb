"use client";
// The names this identity blocks (stored on the server, lib/server/moderation/blocks): read once per
// mount. The lobby leaves their open challenges out (the server refuses accepting them anyway); the
// account page lists them with Unblock, a player's page blocks or unblocks them.
import { useCallback, useEffect, useMemo, useState } from "react";
import { EV, type ErrorInfo } from "@/lib/shared/protocol";
import { request } from "./socket";

export function useBlockedNames(): ReadonlySet<string> {
  const { names } = useBlockList();
  return useMemo(() => new Set(names ?? []), [names]);
}

/** The blocked names (null until read, in the server's order) and a setter that answers with the list as it is then. */
export function useBlockList(): { names: string[] | null; error: ErrorInfo | null; set: (name: string, blocked: boolean) => Promise<ErrorInfo | null> } {
  const [names, setNames] = useState<string[] | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  useEffect(() => {
    let gone = false;
    void request(EV.blockList, {}).then((r) => {
      if (gone) return;
      if (r.ok) setNames(r.blocked);
      else setError(r.error);
    });
    return () => {
      gone = true;
    };
  }, []);
  const set = useCallback(async (name: string, blocked: boolean) => {
    const r = await request(EV.blockSet, { name, blocked });
    if (!r.ok) return r.error;
    setNames(r.blocked);
    return null;
  }, []);
  return { names, error, set };
}
