"use client";
// Several files at once (a Gomocup archive holds hundreds): each is sent to the server in turn and
// gets its line in the list: its games stored (links to their replays), or the error with line and column.
import { useTranslations } from "next-intl";
import { useErrorText, useListedName } from "../i18n/words";
import { useImportErrorText, type ShownImportError } from "./import-errors";
import { shownServerRefusal } from "./server-refusal";
import Link from "next/link";
import { useState, type ChangeEvent } from "react";
import type { Rule } from "@/engine";
import { MAX_IMPORT_BYTES, type StoredImport } from "@/lib/shared/imports";
import { storeImport } from "@/lib/client/imports";

type FileResult =
  | { name: string; state: "waiting" | "sending" }
  | { name: string; state: "stored"; games: StoredImport[] }
  | { name: string; state: "failed"; error: ShownImportError };

export function ImportFiles({ size, rule }: { size: number; rule: Rule }) {
  const t = useTranslations("import.files");
  const errorText = useErrorText();
  const importErrorText = useImportErrorText();
  const listed = useListedName();
  const [results, setResults] = useState<FileResult[]>([]);
  const [busy, setBusy] = useState(false);

  async function pick(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.target.files ?? []);
    e.target.value = "";
    if (!files.length) return;
    setBusy(true);
    const list: FileResult[] = files.map((f) => ({ name: f.name, state: "waiting" }));
    setResults([...list]);
    for (const [i, f] of files.entries()) {
      list[i] = { name: f.name, state: "sending" };
      setResults([...list]);
      if (f.size > MAX_IMPORT_BYTES) {
        list[i] = {
          name: f.name,
          state: "failed",
          error: { message: t("tooLarge", { kb: Math.round(f.size / 1024), max: MAX_IMPORT_BYTES / 1024 }), line: null, column: null },
        };
      } else {
        let answer = await storeImport({ fileName: f.name, text: await f.text(), size, rule, games: "all" });
        // Over the request budget: wait as told, then once more.
        if (!answer.ok && answer.error.code === "RATE_LIMITED" && answer.error.retryMs !== undefined && answer.error.retryMs < 5000) {
          await new Promise((r) => setTimeout(r, answer.ok ? 0 : (answer.error.retryMs ?? 0) + 50));
          answer = await storeImport({ fileName: f.name, text: await f.text(), size, rule, games: "all" });
        }
        list[i] = answer.ok
          ? { name: f.name, state: "stored", games: answer.stored }
          : { name: f.name, state: "failed", error: shownServerRefusal(answer.error, errorText) };
      }
      setResults([...list]);
    }
    setBusy(false);
  }

  const stored = results.filter((r) => r.state === "stored").length;
  const failed = results.filter((r) => r.state === "failed").length;

  return (
    <div className="space-y-3" data-testid="import-files">
      <label className={`btn-ghost inline-flex cursor-pointer px-3 py-1.5 text-sm ${busy ? "pointer-events-none opacity-50" : ""}`}>
        {t("pick")}
        <input type="file" multiple accept=".psq,.sgf,.txt,text/plain" onChange={pick} className="sr-only" data-testid="import-files-input" disabled={busy} />
      </label>
      {results.length > 0 && (
        <div className="card p-3 text-sm">
          <p className="mb-2 text-muted" data-testid="import-files-summary">
            {busy ? t("storing", { n: results.length }) : t("summary", { stored, failed, n: results.length })}
          </p>
          <ul className="max-h-96 space-y-1.5 overflow-y-auto" data-testid="import-files-list">
            {results.map((r, i) => (
              <li key={i} className="flex flex-wrap items-baseline gap-x-2" data-testid="import-file-result" data-state={r.state}>
                <span className="font-mono text-xs">{r.name}</span>
                {r.state === "waiting" && <span className="text-muted">{t("waiting")}</span>}
                {r.state === "sending" && <span className="text-muted">{t("sending")}</span>}
                {r.state === "failed" && (
                  <span className="text-danger" data-testid="import-file-error">
                    {importErrorText(r.error)}
                  </span>
                )}
                {r.state === "stored" &&
                  r.games.map((g) => (
                    <Link key={g.id} href={`/replay/${g.id}`} className="text-accent-dark underline" data-testid="import-file-link">
                      {r.games.length > 1 ? `#${g.index} ` : ""}
                      {t("game", { black: listed(g.black), white: listed(g.white), moves: g.plies, result: g.result ?? "none" })}
                    </Link>
                  ))}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
