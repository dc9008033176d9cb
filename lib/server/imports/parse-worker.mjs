// Worker-thread entry of the import parse pool (./parse-pool). Plain JavaScript so it loads in any
// Node; it registers tsx's loader in this thread, then loads the TypeScript worker (as lib/server/ai/worker.mjs).
import { register } from "tsx/esm/api";

register();
const mod = await import("./parse-worker.ts");
export default mod.default;
