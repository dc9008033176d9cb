// Worker-thread entry for the AI pool. Plain JavaScript so it loads in any Node; it registers
// tsx's ESM loader in this thread, then loads the TypeScript worker. Needed everywhere here:
// vitest's workers have no TS loader, and on Node 20 the loader of a server started with tsx
// does not reach worker threads either (checked: import("x.ts") fails in the worker without this).
import { register } from "tsx/esm/api";

register();
const mod = await import("./worker.ts");
export default mod.default;
