"use client";
// Stores a game file on the server (POST /api/import, lib/shared/imports): the answer, or a network
// failure as an error answer.
import { IMPORT_API, MAX_IMPORT_BYTES, type ImportAnswer, type ImportRequest } from "@/lib/shared/imports";
import { loadMe } from "./identity";
import { ImportError } from "@/lib/shared/import-errors";

const tooLarge = () => {
  const e = new ImportError(0, 0, "IMPORT_TOO_LARGE", { kb: MAX_IMPORT_BYTES / 1024 });
  return { reason: e.code, params: e.params, message: e.message };
};

export async function storeImport(req: ImportRequest): Promise<ImportAnswer> {
  try {
    // Who imports: a first visit's session cookie comes with /api/me's answer. Without it the file would
    // be stored as nobody's and missing from the importer's page (imported games are listed there only).
    await loadMe();
    const res = await fetch(IMPORT_API, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(req),
      credentials: "same-origin",
    });
    const body = (await res.json().catch(() => null)) as ImportAnswer | null;
    if (!body) return { ok: false, error: { code: "INTERNAL", message: `The server answered ${res.status}.` } };
    // A body over the request's limit (the file's JSON escaping grew it) is the file's size too.
    if (!body.ok && res.status === 413 && !body.error.reason) return { ok: false, error: { ...body.error, ...tooLarge() } };
    return body;
  } catch {
    return { ok: false, error: { code: "INTERNAL", message: "The server could not be reached. Check your connection." } };
  }
}
