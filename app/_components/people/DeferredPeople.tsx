"use client";
// The layout's people widgets, on every page: the challenge inbox (./ChallengeInbox) and the nav's
// "Your turn N" (./CorrTurnsLink). Both need the socket, which pages like /learn, /leaderboard or a
// player's page do not otherwise open: they load (with socket.io-client) once the page is idle, so they
// are not part of those pages' first-load JS nor on their critical path. Nothing is missed by the wait:
// pending challenges and turns are read when the socket connects (docs/ALERTS.md, "Sockets").
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";

/** The longest the widgets wait for an idle moment after the page has loaded. */
const IDLE_MAX_MS = 1500;

const ChallengeInbox = dynamic(() => import("./ChallengeInbox").then((m) => m.ChallengeInbox), { ssr: false });
const CorrTurnsLink = dynamic(() => import("./CorrTurnsLink").then((m) => m.CorrTurnsLink), { ssr: false });

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const h = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_MAX_MS });
      return () => window.cancelIdleCallback(h);
    }
    const h = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(h);
  }, []);
  return idle;
}

export function DeferredChallengeInbox() {
  return useIdle() ? <ChallengeInbox /> : null;
}

export function DeferredCorrTurnsLink() {
  return useIdle() ? <CorrTurnsLink /> : null;
}
