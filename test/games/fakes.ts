// Fakes for the engine seat's parts (lib/server/games/engine-turn, ponder, away-watch, cluster-sweep):
// games made in memory, a logger that remembers, an AI whose searches the test answers by hand.
import type { Analysis, Point } from "../../engine";
import type { EngineSettings } from "../../lib/shared/protocol";
import type { Logger } from "../../lib/server/log";
import type { Swap2Answer } from "../../lib/server/ai/task";
import { newEntry } from "../../lib/server/games/moves";
import type { Entry } from "../../lib/server/games/entry";
import type { Swap2Record } from "../../lib/shared/swap2";

export const ENGINE: EngineSettings = { algo: "alphabeta", timeMs: 1000 } as EngineSettings;

let n = 0;
/** A game in progress: `kind` hva (a person as black, the engine white), or ava. */
export function game(kind: "hva" | "ava" = "hva", opts: { swap2?: Swap2Record; clocked?: boolean; moves?: Point[] } = {}): Entry {
  const person = { kind: "human", taken: true, connected: true } as const;
  const engine = { kind: "engine", engine: ENGINE } as const;
  const e = newEntry(
    `g${++n}`,
    {
      kind,
      size: 15,
      rule: "freestyle",
      opening: [],
      seats: kind === "hva" ? { 1: person, 2: engine } : { 1: engine, 2: engine },
      tokens: { 1: null, 2: null },
      clock: opts.clocked ? { initialMs: 60_000, incrementMs: 0 } : null,
      status: "playing",
      players: { 1: kind === "hva" ? "p1" : null, 2: null },
      swap2: opts.swap2 ?? null,
    },
    new Date(0),
  );
  (opts.moves ?? []).forEach((p, i) => e.moves.push(move(i + 1, p, i % 2 === 0 ? "human" : "engine")));
  return e;
}

export function move(ply: number, p: Point, by: "human" | "engine"): Entry["moves"][number] {
  return { ply, x: p.x, y: p.y, color: ply % 2 === 1 ? 1 : 2, by, timeMs: 0, at: new Date(0).toISOString() };
}

export function analysis(move: Point = { x: 7, y: 7 }, depth = 4): Analysis {
  return { move, score: { kind: "eval", value: 10 }, depth, nodes: 100, timeMs: 5, pv: [move], rootScores: [] };
}

/** A logger that keeps what it was told. */
export function memoryLog(): Logger & { lines: Array<{ level: string; msg: string; obj: unknown }> } {
  const lines: Array<{ level: string; msg: string; obj: unknown }> = [];
  const at = (level: string) => (obj: unknown, msg?: string) => void lines.push({ level, msg: msg ?? String(obj), obj });
  const log = { lines, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error"), child: () => log };
  return log as unknown as Logger & { lines: typeof lines };
}

interface Call<R> {
  req: { signal?: AbortSignal; finish?: AbortSignal; step?: string; [k: string]: unknown };
  resolve(r: R): void;
  reject(err: unknown): void;
}

/** An AI whose searches wait until the test answers them; an aborted search rejects, as the pool's do. */
export function fakeAi() {
  const thinks: Array<Call<Analysis>> = [];
  const swap2s: Array<Call<Swap2Answer>> = [];
  function held<R>(list: Array<Call<R>>) {
    return (req: Call<R>["req"]) =>
      new Promise<R>((resolve, reject) => {
        req.signal?.addEventListener("abort", () => reject(new Error("aborted")));
        list.push({ req, resolve, reject });
      });
  }
  return {
    thinks,
    swap2s,
    think: held(thinks) as unknown as (req: unknown) => Promise<Analysis>,
    swap2: held(swap2s) as unknown as (req: unknown) => Promise<Swap2Answer>,
  };
}
