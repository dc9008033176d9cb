// A worker-thread entry for the import parse pool (lib/server/imports/parse-pool) that misbehaves on
// request, to test the pool's budgets: a text holding "SPIN" never returns (the time budget must
// terminate the thread), "HOARD" allocates until the heap limit kills the thread (the memory budget);
// anything else is parsed as the real worker does. test/server/import-budget.test.ts uses it.
import { register } from "tsx/esm/api";

register();
const { runParseTask } = await import("../../lib/server/imports/parse-task.ts");

export default function run(task) {
  if (task.text.includes("SPIN")) {
    task.started?.postMessage("started");
    for (;;);
  }
  if (task.text.includes("HOARD")) {
    task.started?.postMessage("started");
    const kept = [];
    for (;;) kept.push(new Array(1 << 16).fill(kept.length));
  }
  return runParseTask(task);
}
