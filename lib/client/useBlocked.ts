"use client";
// The names this identity blocks (stored on the server, lib/server/moderation/blocks), read once per
// mount: the lobby leaves their open challenges out (the server refuses accepting them anyway).
import { useEffect, useState } from "react";
import { EV } from "@/lib/shared/protocol";
import { request } from "./socket";

export function useBlockedNames(): ReadonlySet<string> {
  const [names, setNames] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    let gone = false;
    void request(EV.blockList, {}).then((r) => !gone && r.ok && setNames(new Set(r.blocked)));
    return () => {
      gone = true;
    };
  }, []);
  return names;
}
