// Runs one engine search in a worker thread. The task carries the position, the limits and a
// MessagePort on which each completed depth is posted as it happens.
import type { MessagePort } from "node:worker_threads";
import { workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";
import path from "node:path";
import fs from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import type { Analysis, Limits, Position, Progress } from "../../../engine";

export interface ThinkTask {
  position: Position;
  limits: Omit<Limits, "onProgress">;
  /** The engine seat's algorithm (engine/players.ts: alphabeta, mcts, casual); default alphabeta. */
  algo?: string;
  port?: MessagePort;
}

type ThinkFn = (position: Position, limits: Limits & { algo?: string }) => Analysis;

const here = path.dirname(fileURLToPath(import.meta.url));
const engineModule: string =
  (workerData as { engineModule?: string } | undefined)?.engineModule ?? path.join(here, "..", "..", "..", "engine", "players.ts");

let thinkFn: Promise<ThinkFn> | null = null;
function loadThink(): Promise<ThinkFn> {
  // play(position, { algo, ...limits }) (engine/players.ts) dispatches on algo; a module with only
  // think() (a stand-in engine in tests) plays every algo its own way.
  thinkFn ??= import(pathToFileURL(engineModule).href).then((m: { play?: ThinkFn; think?: ThinkFn; default?: { play?: ThinkFn; think?: ThinkFn } }) => {
    const fn = m.play ?? m.default?.play ?? m.think ?? m.default?.think;
    if (typeof fn !== "function") throw new Error(`${engineModule} exports no think()`);
    return fn;
  });
  return thinkFn;
}

// Searches run at the lowest CPU priority (Linux: per thread), so on a small machine the event
// loop, which answers every player, is never starved by the engine (bench:load: loop lag p99 ~10× lower).
try {
  const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid)) os.setPriority(tid, 19);
} catch {
  // Not Linux, or not allowed: run at normal priority.
}

// Load the engine as the thread starts, not on the first move.
loadThink().catch(() => {});

export default async function run(task: ThinkTask): Promise<Analysis> {
  const think = await loadThink();
  const port = task.port;
  try {
    return think(task.position, {
      ...task.limits,
      ...(task.algo ? { algo: task.algo } : {}),
      onProgress: port ? (p: Progress) => port.postMessage(p) : undefined,
    });
  } finally {
    port?.postMessage({ done: true });
    port?.close();
  }
}
