"use client";
// The explainer's step: where it is among the search's `last + 1` steps, played on a timer or moved
// by the controls and ←/→/Home/End (not while typing in a field).
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";

export interface Stepper {
  /** The step shown (never past the last). */
  i: number;
  atEnd: boolean;
  playing: boolean;
  setPlaying: Dispatch<SetStateAction<boolean>>;
  speed: number;
  setSpeed: (ms: number) => void;
  /** Moves to step f(current), kept within the steps. */
  go: (f: (n: number) => number) => void;
  /** The tree or the algorithm changed: stay at the end if we were there (and may), else start over. */
  restart: (mayKeepEnd: boolean) => void;
}

export function useStepper(last: number): Stepper {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(800);
  const i = Math.min(index, last);
  const atEnd = i === last;

  const wasAtEnd = useRef(false);
  wasAtEnd.current = atEnd && last > 0;
  const restart = useCallback((mayKeepEnd: boolean) => {
    const keepEnd = mayKeepEnd && wasAtEnd.current;
    setPlaying(false);
    setIndex(keepEnd ? Number.MAX_SAFE_INTEGER : 0);
  }, []);

  const lastRef = useRef(last);
  lastRef.current = last;
  const go = useCallback((f: (n: number) => number) => {
    setIndex((n) => Math.max(0, Math.min(lastRef.current, f(Math.min(n, lastRef.current)))));
  }, []);

  // ← / → step, Home / End jump; not while typing in a field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.closest("input, textarea, select, [contenteditable=true]") || e.altKey || e.ctrlKey || e.metaKey)) return;
      if (e.key === "ArrowRight") go((n) => n + 1);
      else if (e.key === "ArrowLeft") go((n) => n - 1);
      else if (e.key === "Home") go(() => 0);
      else if (e.key === "End") go(() => Infinity);
      else return;
      e.preventDefault();
      setPlaying(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [go]);

  useEffect(() => {
    if (!playing) return;
    if (i >= last) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => go((n) => n + 1), speed);
    return () => clearTimeout(t);
  }, [playing, i, last, speed, go]);

  return { i, atEnd, playing, setPlaying, speed, setSpeed, go, restart };
}
