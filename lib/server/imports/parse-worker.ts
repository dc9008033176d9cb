// The import parse pool's worker thread (./parse-pool; loaded through ./parse-worker.mjs): the same
// parsers the page uses, run where a slow or huge file can stall only this thread.
import { runParseTask } from "./parse-task";

export default runParseTask;
