"use client";
// Quick pairing: one click to wait in a pool; paired by rating with someone else waiting there,
// the game starts at once (rated, with a clock). Cancel at any time.
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { QUICK_POOLS, type QuickPool } from "@/lib/shared/pools";
import type { ErrorInfo } from "@/lib/shared/protocol";
import type { LobbyView } from "@/lib/client/useLobby";
import { useToast } from "../Toast";
import { useErrorText, useRuleWords } from "../i18n/words";

export function QuickPairing({
  lobby,
  seeking,
  seek,
  stopSeeking,
}: Pick<LobbyView, "lobby" | "seeking"> & { seek: (pool: string) => Promise<ErrorInfo | null>; stopSeeking: () => Promise<void> }) {
  const toast = useToast();
  const askingNow = useRef(false);
  const [asking, setAsking] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const t = useTranslations("lobby.pairing");
  const errorText = useErrorText();
  const rules = useRuleWords();
  const poolRule = (p: QuickPool) => `${rules.text(p.rule)}${p.swap2 ? ` ${t("swap2")}` : ""}`;
  const poolLabel = (p: QuickPool) => `${p.size}×${p.size} ${poolRule(p)} ${p.clock.initialMs / 60_000}+${p.clock.incrementMs / 1000}`;
  useEffect(() => {
    if (!seeking) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [seeking]);

  if (seeking) {
    const pool = QUICK_POOLS.find((p) => p.id === seeking.pool);
    const s = Math.max(0, Math.floor((now - seeking.since) / 1000));
    return (
      <div className="flex items-center gap-3 rounded-lg border border-accent/40 bg-accent/10 p-3" data-testid="seeking" data-pool={seeking.pool}>
        <span className="size-3 animate-pulse rounded-full bg-accent" aria-hidden="true" />
        <div className="flex-1 text-sm">
          <div className="font-semibold">
            {t("looking")}
            {pool ? ` · ${poolLabel(pool)}` : ""}
          </div>
          <div className="text-muted">
            {Math.floor(s / 60)}:{String(s % 60).padStart(2, "0")} · {t("byRating")}
          </div>
        </div>
        <button type="button" className="btn-ghost" onClick={() => void stopSeeking()} data-testid="seek-cancel">
          {t("cancel")}
        </button>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-2 gap-2" data-testid="quick-pools">
      {QUICK_POOLS.map((p) => {
        const n = lobby?.waiting[p.id] ?? 0;
        return (
          <button
            key={p.id}
            type="button"
            className="btn-ghost flex-col gap-0.5 py-3"
            data-testid={`pool-${p.id}`}
            disabled={asking}
            onClick={async () => {
              // One request at a time: a double click would otherwise ask twice and be refused once.
              if (askingNow.current) return;
              askingNow.current = true;
              setAsking(true);
              try {
                const err = await seek(p.id);
                if (err) toast(errorText(err));
              } finally {
                askingNow.current = false;
                setAsking(false);
              }
            }}
          >
            <span className="text-base font-bold">
              {p.clock.initialMs / 60_000}+{p.clock.incrementMs / 1000}
            </span>
            <span className="text-xs text-muted">
              {p.size}×{p.size} {poolRule(p)} · {t("rated")}
            </span>
            <span className="text-xs text-muted" data-testid={`pool-waiting-${p.id}`}>
              {t("waiting", { n })}
            </span>
          </button>
        );
      })}
    </div>
  );
}
