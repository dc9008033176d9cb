// The import parse threads' budgets (lib/server/imports/parse-pool): a file whose parse runs past
// IMPORT_PARSE_MS is stopped (its thread terminated) and refused with IMPORT_TOO_SLOW; one that takes
// more heap than IMPORT_PARSE_MB is refused with IMPORT_TOO_MUCH_MEMORY; either way the next file is
// read as usual. The misbehaving parse is a stand-in worker (test/support/hostile-import-worker.mjs),
// since the real parsers have no such file any more (test/imports/linear.test.ts).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { server } from "./helpers";
import type { TestServer } from "../support/test-server";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { createImportParser } from "../../lib/server/imports/parse-pool";
import { ImportError } from "../../lib/shared/import-errors";

const HOSTILE_WORKER = path.resolve(import.meta.dirname, "../support/hostile-import-worker.mjs");
const task = (text: string) => ({ text, size: 15, rule: "freestyle" as const, maxGames: 200 });

async function refusal(p: Promise<unknown>): Promise<ImportError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ImportError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("the parse pool's budgets", () => {
  it("a parse past its time is stopped and refused; the next file is read by a new thread", async () => {
    const parser = createImportParser({ threads: 1, timeMs: 300, memoryMb: 64, worker: HOSTILE_WORKER });
    try {
      const t0 = Date.now();
      const e = await refusal(parser.parse(task("SPIN")));
      expect(e).toMatchObject({ code: "IMPORT_TOO_SLOW", line: 0, params: { seconds: 0.3 } });
      expect(e.message).toBe("the file took too long to read (over 0.3 s): it was stopped and nothing was stored");
      // The budget runs from when the thread took the file (its start, a second or so, is not counted).
      expect(Date.now() - t0).toBeLessThan(15_000);
      expect(await parser.parse(task("h8 i9 j10"))).toHaveLength(1);
    } finally {
      await parser.close();
    }
  });

  it("a parse past its memory is refused; the next file is read by a new thread", async () => {
    const parser = createImportParser({ threads: 1, timeMs: 20_000, memoryMb: 32, worker: HOSTILE_WORKER });
    try {
      const e = await refusal(parser.parse(task("HOARD")));
      expect(e).toMatchObject({ code: "IMPORT_TOO_MUCH_MEMORY", params: { mb: 32 } });
      expect(await parser.parse(task("h8 i9"))).toHaveLength(1);
    } finally {
      await parser.close();
    }
  });

  it("more files waiting than the queue holds: IMPORT_BUSY", async () => {
    const parser = createImportParser({ threads: 1, timeMs: 500, memoryMb: 64, maxQueued: 1, worker: HOSTILE_WORKER });
    try {
      const all = await Promise.allSettled([parser.parse(task("SPIN")), parser.parse(task("h8")), parser.parse(task("h8")), parser.parse(task("h8"))]);
      const codes = all.map((r) => (r.status === "rejected" ? (r.reason as ImportError).code : "ok"));
      // One on the thread, one waiting, the rest refused at once.
      expect(codes).toEqual(["IMPORT_TOO_SLOW", "ok", "IMPORT_BUSY", "IMPORT_BUSY"]);
    } finally {
      await parser.close();
    }
  });
});

describe("POST /api/import over budget", () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await server({ importsPerHour: 0, limits: { ...DEFAULT_LIMITS, enabled: false }, importParse: { timeMs: 300, worker: HOSTILE_WORKER } });
  });
  afterAll(() => srv?.close());

  const post = async (text: string) => {
    const res = await fetch(`${srv.url}/api/import`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text }) });
    return { status: res.status, body: (await res.json()) as any };
  };

  it("is a 400 LIMIT with the reason and a sentence, stores nothing, and costs nobody else", async () => {
    const before = await srv.db.game.count();
    const r = await post("h8 SPIN");
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "LIMIT", reason: "IMPORT_TOO_SLOW", line: 0, column: 0, params: { seconds: 0.3 } });
    expect(r.body.error.message).toMatch(/took too long to read/);
    expect(await srv.db.game.count()).toBe(before);
    expect((await post("h8 i9 j10")).status).toBe(200);
  });
});
