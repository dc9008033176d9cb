// The analysis DB queue on fake time, through a fake job store: it takes open jobs at once when
// started or told, and polls every pollMs for the ones it was not told of (another node's, a lapsed lease).
import { describe, expect, it } from "vitest";
import { DbQueue } from "../../lib/server/analysis/queue";
import type { AnalysisStore } from "../../lib/server/analysis/store";
import { FakeClock, settle } from "../../lib/server/time";
import { memoryLog } from "../games/fakes";

describe("DbQueue on fake time", () => {
  it("runs open jobs at start, then polls every pollMs; stops polling when closed", async () => {
    const clock = new FakeClock();
    const open: string[] = ["a"];
    const asked: number[] = [];
    const store = {
      claimable: async (now: Date) => {
        asked.push(now.getTime());
        return open.splice(0);
      },
    } as unknown as AnalysisStore;
    const ran: string[] = [];
    const q = new DbQueue(store, { concurrency: 2, pollMs: 5000, log: memoryLog(), clock });
    await q.start(async (id) => void ran.push(id));
    await settle();
    expect(ran).toEqual(["a"]);
    open.push("b");
    await clock.advance(4999);
    expect(ran).toEqual(["a"]);
    await clock.advance(1);
    expect(ran).toEqual(["a", "b"]);
    expect(asked).toContain(clock.now()); // the rows are read as of the queue's clock
    await q.close();
    open.push("c");
    await clock.advance(60_000);
    expect(ran).toEqual(["a", "b"]);
    expect(clock.pending).toBe(0);
  });
});
