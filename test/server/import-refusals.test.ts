// Every refusal of POST /api/import reaches the import page as its own sentence (trial F3: the hostile
// PSQ got "Game 1 has no moves." from the server, but the page showed the generic "The request was not
// understood: reload the page"). Real server; each answer goes through the page's own mapping
// (app/_components/replay/server-refusal) and the en and zh-CN catalogues, as the page words it.
import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl";
import { readCatalogue } from "@/i18n/messages";
import { DEFAULT_LIMITS } from "../../lib/server/config";
import { MAX_IMPORT_BYTES, type ImportErrorInfo } from "../../lib/shared/imports";
import type { ErrorInfo } from "../../lib/shared/protocol";
import { shownServerRefusal } from "../../app/_components/replay/server-refusal";
import { useServer } from "./helpers";

const env = useServer({ importsPerHour: 3, limits: { ...DEFAULT_LIMITS, enabled: true, trustProxy: true, socketEventsPerSec: 200 } });

async function post(body: unknown, ip: string) {
  const res = await fetch(`${env.srv.url}/api/import`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(body),
  });
  return { status: res.status, error: ((await res.json()) as { error: ImportErrorInfo }).error };
}

/** The sentence the import page shows for a refusal, in `locale` (ImportForm: "Cannot import: …"). */
function pageText(e: ImportErrorInfo, locale: "en" | "zh-CN"): string {
  const messages = readCatalogue(locale);
  const t = createTranslator({ locale, messages, namespace: "import" });
  const errors = createTranslator({ locale, messages, namespace: "errors" });
  const byCode = (x: ErrorInfo) => (errors.has(x.code as never) ? errors(x.code as never) : x.message);
  const shown = shownServerRefusal(e, byCode);
  const detail = shown.reason ? t(`errors.${shown.reason}` as never, (shown.params ?? {}) as never) : shown.message;
  return shown.line === null ? detail : `${shown.line}:${shown.column}: ${detail}`;
}
const GENERIC = { en: readCatalogue("en").errors.BAD_PAYLOAD as string, zh: readCatalogue("zh-CN").errors.BAD_PAYLOAD as string };

describe("the import page words every refusal of the handler", () => {
  it("the hostile PSQ of blank runs: 'game 1 has no moves', not 'the request was not understood' (trial F3)", async () => {
    const text = "Piskvorky 15x15, 11:11, 0\n1" + " ".repeat(2000) + "1" + " ".repeat(2000) + "x\n";
    const r = await post({ fileName: "blank.psq", text }, "10.61.0.1");
    expect(r.status).toBe(422);
    expect(r.error).toMatchObject({ code: "BAD_PAYLOAD", reason: "IMPORT_GAME_NO_MOVES", params: { game: 1 } });
    expect(r.error.message).toBe("game 1 has no moves: nothing was stored");
    expect(pageText(r.error, "en")).toBe("game 1 has no moves: nothing was stored");
    expect(pageText(r.error, "zh-CN")).toBe("第 1 局没有着法：未保存任何对局");
    expect(pageText(r.error, "en")).not.toBe(GENERIC.en);
  });

  it("no such game in the file, a file over the size limit, a file over the hour's games, the hour's games used up", async () => {
    const sgf2 = "(;GM[4]SZ[15];B[hh];W[ig])\n(;GM[4]SZ[15];B[hh];W[hi])";
    const none = await post({ text: sgf2, games: [3] }, "10.61.1.1");
    expect(none).toMatchObject({ status: 400, error: { code: "NOT_FOUND", reason: "IMPORT_NO_SUCH_GAME", params: { games: 2, game: 3 } } });
    expect(pageText(none.error, "en")).toBe("the file holds 2 games: there is no game 3");
    expect(pageText(none.error, "zh-CN")).toBe("文件中共有 2 局：没有第 3 局");

    const huge = await post({ text: "h8 ".repeat(MAX_IMPORT_BYTES / 3 + 10) }, "10.61.2.1");
    expect(huge).toMatchObject({ status: 413, error: { code: "BAD_PAYLOAD", reason: "IMPORT_TOO_LARGE", params: { kb: 256 } } });
    expect(pageText(huge.error, "en")).toBe("the file is too large: at most 256 KB a file (a game record is a few KB)");
    expect(pageText(huge.error, "zh-CN")).toMatch(/文件过大/);

    const four = [1, 2, 3, 4].map(() => "(;GM[4]SZ[15];B[hh];W[ig])").join("\n");
    const over = await post({ text: four }, "10.61.3.1");
    expect(over).toMatchObject({ status: 429, error: { code: "RATE_LIMITED", reason: "IMPORT_FILE_OVER_HOURLY", params: { max: 3, games: 4 } } });
    expect(pageText(over.error, "en")).toBe("a file may give at most 3 games an hour; this one holds 4");

    expect((await post({ text: "h8 i9 j10" }, "10.61.4.1")).status).toBe(200);
    expect((await post({ text: sgf2 }, "10.61.4.1")).status).toBe(200);
    const used = await post({ text: "h8 i9" }, "10.61.4.1");
    expect(used).toMatchObject({ status: 429, error: { code: "RATE_LIMITED", reason: "IMPORT_HOURLY_LIMIT", params: { max: 3 } } });
    expect(used.error.retryMs).toBeGreaterThan(0);
    expect(pageText(used.error, "en")).toMatch(/^too many imported games \(3 an hour\): try again in \d+ s$/);
    expect(pageText(used.error, "zh-CN")).toMatch(/^导入的对局过多（每小时 3 局）：请 \d+ 秒后再试$/);
  });

  it("a file's mistake keeps its place; a budget refusal (line 0) shows no 'line 0'; a refusal without an import code by its error code", () => {
    const at = shownServerRefusal({ code: "BAD_PAYLOAD", message: "x", line: 3, column: 3, reason: "PSQ_NUMBER_MISSING", params: { move: "8,,0" } }, () => "");
    expect(at).toMatchObject({ line: 3, column: 3, reason: "PSQ_NUMBER_MISSING" });
    const slow = { code: "LIMIT", message: "slow", line: 0, column: 0, reason: "IMPORT_TOO_SLOW", params: { seconds: 2 } } as const;
    expect(pageText(slow, "en")).toBe("the file took too long to read (over 2 s): it was stopped and nothing was stored");
    expect(pageText({ code: "RATE_LIMITED", message: "Too many requests", retryMs: 2000 }, "en")).toBe(readCatalogue("en").errors.RATE_LIMITED);
  });
});
