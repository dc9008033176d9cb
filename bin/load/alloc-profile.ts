// BENCH_ALLOC_PROF=<file>: the bench server samples every allocation, garbage included (V8's
// sampling heap profiler with collected objects kept), and writes a .heapprofile at exit: where
// the garbage that drives the scavenges comes from. Load it in Chrome DevTools (Memory tab).
import fs from "node:fs";
import { Session } from "node:inspector/promises";

export async function startAllocationProfile(file: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 64 * 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as never);
  return async () => {
    const { profile } = (await session.post("HeapProfiler.stopSampling")) as { profile: unknown };
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
