"use client";
// A player's remaining time; the side to move's clock runs down locally between server updates.
import { useEffect, useState } from "react";

export function formatClock(ms: number): string {
  const t = Math.max(0, ms);
  if (t < 10_000) return `0:0${(Math.floor(t / 100) / 10).toFixed(1)}`;
  const s = Math.ceil(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

export function Clock({ ms, running, since, testId }: { ms: number; running: boolean; since: number; testId: string }) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => tick((n) => n + 1), 100);
    return () => clearInterval(t);
  }, [running]);
  const left = running ? ms - (Date.now() - since) : ms;
  const low = left < 20_000;
  return (
    <span
      data-testid={testId}
      data-running={running}
      className={`rounded-md px-2.5 py-1 font-mono text-xl font-semibold tabular-nums ${
        running ? (low ? "bg-danger text-white" : "bg-ink text-white") : "bg-page text-muted"
      }`}
    >
      {formatClock(left)}
    </span>
  );
}
