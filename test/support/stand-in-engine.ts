// A stand-in engine for the AI pool's worker threads: createAiPool({ worker: STAND_IN_AI_WORKER }) or
// startTestServer({ aiWorker: STAND_IN_AI_WORKER }). It answers at once with the first empty cell,
// after one progress report, so a test that needs an AI seat does not wait for (or depend on) real
// searches. The same contract as lib/server/ai/worker.ts; ./stand-in-ai-worker.mjs loads it in the thread.
import { fileURLToPath } from "node:url";
import type { Analysis, PlaySettings, Position } from "../../engine";
import { runThinkTask, type ThinkTaskRunner } from "../../lib/server/ai/task";

/** The worker-thread entry to give createAiPool / startTestServer ({ aiWorker }). */
export const STAND_IN_AI_WORKER = fileURLToPath(new URL("./stand-in-ai-worker.mjs", import.meta.url));

function firstEmptyCell(position: Position, settings: PlaySettings): Analysis {
  const taken = new Set(position.stones.map((s) => s.y * position.size + s.x));
  let cell = 0;
  while (taken.has(cell)) cell++;
  const move = { x: cell % position.size, y: Math.floor(cell / position.size) };
  const score = { kind: "eval", value: 0 } as const;
  settings.onProgress?.({ depth: 1, score, nodes: 1, timeMs: 0, pv: [move], move });
  return { move, score, depth: 1, nodes: 1, timeMs: 0, pv: [move], rootScores: [{ move, score }] };
}

const run: ThinkTaskRunner = (task) => runThinkTask(firstEmptyCell, task);
export default run;
