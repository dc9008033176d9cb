"use client";
// One chat of a game (issue 28): its kept lines, new ones as they come (EV.chat), sending, and what
// this reader hides: players they muted (here only, remembered in this browser) and players they
// blocked (stored on the server; the server refuses the players' chat across a block, and the
// spectators' lines of a blocked author are hidden here). Lines are data: the page shows them as text.
import { useCallback, useEffect, useState } from "react";
import { EV, type ErrorInfo } from "@/lib/shared/protocol";
import type { ChatChannel, ChatLine, ReportReason } from "@/lib/shared/protocol/chat";
import { getSocket, request } from "./socket";

const MUTED_KEY = "ga_chat_muted";
/** The most names remembered as muted (the oldest go first). */
const MUTED_MAX = 200;
/** The most lines kept on the page. */
const LINES_MAX = 300;

function readMuted(): string[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(MUTED_KEY) ?? "[]");
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string").slice(-MUTED_MAX) : [];
  } catch {
    return [];
  }
}

/** Lines merged by id, oldest first. */
function merge(a: ChatLine[], b: ChatLine[]): ChatLine[] {
  const byId = new Map(a.map((l) => [l.id, l]));
  for (const l of b) byId.set(l.id, l);
  return [...byId.values()].sort((x, y) => x.at.localeCompare(y.at)).slice(-LINES_MAX);
}

export interface ChatApi {
  lines: ChatLine[];
  /** An error reading the chat (NOT_ALLOWED: not yours to read). */
  loadError: ErrorInfo | null;
  muted: string[];
  blocked: string[];
  send(text: string): Promise<ErrorInfo | null>;
  setMuted(name: string, muted: boolean): void;
  setBlocked(name: string, blocked: boolean): Promise<ErrorInfo | null>;
  report(name: string, reason: ReportReason, note: string): Promise<ErrorInfo | null>;
}

/** Game `gameId`'s `channel` chat; `live`: follow new lines (false: the kept ones only, as in a replay). `connected` re-reads it after a reconnection. */
export function useChat(gameId: string, channel: ChatChannel, { live, connected = true }: { live: boolean; connected?: boolean }): ChatApi {
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [loadError, setLoadError] = useState<ErrorInfo | null>(null);
  const [muted, setMutedList] = useState<string[]>([]);
  const [blocked, setBlockedList] = useState<string[]>([]);

  useEffect(() => setMutedList(readMuted()), []);

  useEffect(() => {
    if (!connected) return;
    let gone = false;
    void request(EV.chatHistory, { gameId, channel }).then((r) => {
      if (gone) return;
      if (r.ok) {
        setLoadError(null);
        setLines((old) => merge(old, r.lines));
      } else setLoadError(r.error);
    });
    void request(EV.blockList, {}).then((r) => !gone && r.ok && setBlockedList(r.blocked));
    return () => {
      gone = true;
    };
  }, [gameId, channel, connected]);

  useEffect(() => {
    if (!live) return;
    const s = getSocket();
    const on = (l: ChatLine) => {
      if (l.gameId === gameId && l.channel === channel) setLines((old) => merge(old, [l]));
    };
    s.on(EV.chat, on);
    return () => {
      s.off(EV.chat, on);
    };
  }, [gameId, channel, live]);

  const send = useCallback(
    async (text: string) => {
      let r = await request(EV.chatSend, { gameId, channel, text });
      // A tournament's page puts its socket in the event's room once connected: a line sent before that (the page just
      // loaded, the socket just reconnected) would be refused as if sent from elsewhere. Join the room, try once more.
      if (!r.ok && channel === "tournament" && r.error.reason === "tourChatOpen" && (await request(EV.tournamentWatch, { id: gameId, watch: true })).ok)
        r = await request(EV.chatSend, { gameId, channel, text });
      if (!r.ok) return r.error;
      setLines((old) => merge(old, [r.line]));
      return null;
    },
    [gameId, channel],
  );

  const setMuted = useCallback((name: string, on: boolean) => {
    const next = [...readMuted().filter((n) => n !== name), ...(on ? [name] : [])].slice(-MUTED_MAX);
    localStorage.setItem(MUTED_KEY, JSON.stringify(next));
    setMutedList(next);
  }, []);

  const setBlocked = useCallback(async (name: string, on: boolean) => {
    const r = await request(EV.blockSet, { name, blocked: on });
    if (!r.ok) return r.error;
    setBlockedList(r.blocked);
    return null;
  }, []);

  const report = useCallback(
    async (name: string, reason: ReportReason, note: string) => {
      const r = await request(EV.reportCreate, { gameId, name, reason, note });
      return r.ok ? null : r.error;
    },
    [gameId],
  );

  return { lines, loadError, muted, blocked, send, setMuted, setBlocked, report };
}
