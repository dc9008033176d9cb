"use client";
// Import a game: paste (or upload) a Piskvork .psq file or a move string; it opens in the replay
// view (/replay/import?…, nothing is stored). Errors say what and where: line N, column M.
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { ImportError } from "@/lib/shared/psq";
import { fromImport, toImportQuery } from "@/lib/shared/replay/game";
import { importGame, looksLikePsq } from "@/lib/shared/replay/movetext";

const SIZES = [11, 13, 15, 17, 19];

export function ImportForm() {
  const router = useRouter();
  const [text, setText] = useState("");
  const [size, setSize] = useState(15);
  const [rule, setRule] = useState<"freestyle" | "exact5">("freestyle");
  const [error, setError] = useState<{ message: string; line: number | null; column: number | null } | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const isPsq = text.trim() !== "" && looksLikePsq(text);

  function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const imported = importGame(text, { size, rule });
      const game = fromImport(imported);
      setError(null);
      router.push(`/replay/import?${toImportQuery(game)}`);
    } catch (err) {
      if (err instanceof ImportError) setError({ message: err.message, line: err.line, column: err.column });
      else setError({ message: (err as Error).message, line: null, column: null });
    }
  }

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    if (!f) return;
    if (f.size > 200_000) {
      setError({ message: `${f.name} is too large for a game record (${Math.round(f.size / 1000)} kB).`, line: null, column: null });
      return;
    }
    setText(await f.text());
    setFileName(f.name);
    setError(null);
  }

  const lines = text.split(/\r\n|\r|\n/);
  const badLine = error?.line ? lines[error.line - 1] : undefined;

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="import-form">
      <div>
        <label htmlFor="import-text" className="field-label">
          Game record
        </label>
        <textarea
          id="import-text"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
            setFileName(null);
          }}
          rows={10}
          spellCheck={false}
          placeholder={"h8 i9 h9 h10 j8 …\n\nor a Piskvork file:\nPiskvorky 15x15, 11:11, 0\n8,8,0\n9,7,1203\n…"}
          className={`select font-mono text-sm leading-6 ${error ? "border-danger" : ""}`}
          data-testid="import-text"
          aria-invalid={!!error}
          aria-describedby={error ? "import-error" : undefined}
        />
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
          <span data-testid="import-format">
            {text.trim() === "" ? "Paste a move string or a .psq file" : isPsq ? "Looks like a Piskvork .psq file" : "Looks like a move string"}
          </span>
          <label className="btn-ghost cursor-pointer px-3 py-1 text-xs">
            Upload a file…
            <input type="file" accept=".psq,.txt,text/plain" onChange={upload} className="sr-only" data-testid="import-file" />
          </label>
        </div>
        {fileName && <p className="mt-1 text-xs text-muted">Loaded {fileName}</p>}
      </div>

      {error && (
        <div id="import-error" role="alert" className="rounded-lg border border-danger/40 bg-danger/5 p-3 text-sm" data-testid="import-error">
          <p className="font-semibold text-danger">Cannot import: {error.message}</p>
          {badLine !== undefined && error.column !== null && (
            <pre className="mt-2 overflow-x-auto font-mono text-xs leading-5 text-ink">
              <span className="text-muted">{String(error.line).padStart(3)} │ </span>
              {badLine}
              {"\n"}
              <span className="text-muted">{"    │ "}</span>
              <span className="font-bold text-danger">{" ".repeat(Math.max(0, error.column - 1))}^</span>
            </pre>
          )}
        </div>
      )}

      <div className="grid grid-cols-2 gap-3">
        <div className={isPsq ? "opacity-50" : ""}>
          <label htmlFor="import-size" className="field-label">
            Board (move strings)
          </label>
          <select id="import-size" className="select" value={size} onChange={(e) => setSize(Number(e.target.value))} disabled={isPsq} data-testid="import-size">
            {SIZES.map((s) => (
              <option key={s} value={s}>
                {s}×{s}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="import-rule" className="field-label">
            Rule
          </label>
          <select
            id="import-rule"
            className="select"
            value={rule}
            onChange={(e) => setRule(e.target.value as "freestyle" | "exact5")}
            data-testid="import-rule"
          >
            <option value="freestyle">Freestyle (five or more)</option>
            <option value="exact5">Exactly five</option>
          </select>
        </div>
      </div>
      {isPsq && (
        <p className="-mt-2 text-xs text-muted">A .psq file gives its own board size; the rule is read from files exported here, else the one chosen.</p>
      )}

      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={text.trim() === ""} data-testid="import-submit">
        Open in the replay
      </button>
    </form>
  );
}
