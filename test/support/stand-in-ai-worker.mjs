// Worker-thread entry of the stand-in engine (./stand-in-engine.ts), as lib/server/ai/worker.mjs is
// the real one's: registers tsx's ESM loader in this thread, then loads the TypeScript module.
// (Not named like it: vitest would resolve "./stand-in-engine" to a .mjs of the same name first.)
import { register } from "tsx/esm/api";

register();
const mod = await import("./stand-in-engine.ts");
export default mod.default;
