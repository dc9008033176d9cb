// Worker-thread entry of a Lazy SMP helper (./threads.ts): registers tsx's ESM loader in this
// thread, then loads the TypeScript helper (as ./worker.mjs does for the pool's workers).
import { register } from "tsx/esm/api";

register();
await import("./helper-worker.ts");
