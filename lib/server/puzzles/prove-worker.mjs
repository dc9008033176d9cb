// Worker-thread entry of the puzzle proofs (./mining): plain JavaScript that registers tsx's loader
// in this thread and loads the TypeScript worker, as lib/server/ai/worker.mjs does (and for the
// same reasons: vitest's workers and Node 20 threads have no TypeScript loader of their own).
import { register } from "tsx/esm/api";

register();
const mod = await import("./prove-worker.ts");
export default mod.default;
