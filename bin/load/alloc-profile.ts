// BENCH_ALLOC_PROF=<file>: the bench server samples allocations from the start of the measured run
// (V8's sampling heap profiler) and writes a .heapprofile at exit; load it in Chrome DevTools
// (Memory tab). BENCH_ALLOC_PROF_KEEP says which objects count: "all" (default: garbage too, what
// drives the scavenges), "promoted" (objects that outlived the young generation, live or dead
// since: what fills the old generation and brings on full collections), "live" (still alive).
import fs from "node:fs";
import { Session } from "node:inspector/promises";

export async function startAllocationProfile(file: string, keep = process.env.BENCH_ALLOC_PROF_KEEP ?? "all"): Promise<() => Promise<void>> {
  if (!["all", "promoted", "live"].includes(keep)) throw new Error(`BENCH_ALLOC_PROF_KEEP must be all, promoted or live, not "${keep}"`);
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 64 * 1024,
    includeObjectsCollectedByMajorGC: keep !== "live",
    includeObjectsCollectedByMinorGC: keep === "all",
  } as never);
  return async () => {
    const { profile } = (await session.post("HeapProfiler.stopSampling")) as { profile: unknown };
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
