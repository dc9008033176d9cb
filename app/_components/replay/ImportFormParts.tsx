"use client";
// ImportForm's parts: its state and actions (useImportForm) and the pieces of its markup, in the form's order.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState, type ChangeEvent, type FormEvent } from "react";
import type { Rule } from "@/engine";
import { fromImport, toImportQuery } from "@/lib/shared/replay/game";
import { formatOf, importGame, importGames, type ImportedGame } from "@/lib/shared/replay/movetext";
import { MAX_IMPORT_BYTES, type StoredImport } from "@/lib/shared/imports";
import { storeImport } from "@/lib/client/imports";
import { useTranslations } from "next-intl";
import { useErrorText, useListedName, useRuleWords } from "../i18n/words";
import { shownImportError, useImportErrorText, type ShownImportError } from "./import-errors";
import { shownServerRefusal } from "./server-refusal";

const SIZES = [11, 13, 15, 17, 19, 20];

export type Pick = "all" | number;

/** The form's state, what the text looks like, and its three actions: store, open only, upload. */
export function useImportForm() {
  const router = useRouter();
  const [text, setText] = useState("");
  const [size, setSize] = useState(15);
  const [rule, setRule] = useState<Rule>("freestyle");
  const [error, setError] = useState<ShownImportError | null>(null);
  const t = useTranslations("import");
  const errorText = useErrorText();
  const [fileName, setFileName] = useState<string | null>(null);
  const [pick, setPick] = useState<Pick>("all");
  const [sending, setSending] = useState(false);
  const [stored, setStored] = useState<StoredImport[] | null>(null);
  const format = text.trim() === "" ? null : formatOf(text);
  const isPsq = format === "psq" || format === "sgf";
  // An SGF file's games, read here to offer the choice (the server reads it again).
  const sgfGames = useMemo((): ImportedGame[] => {
    if (format !== "sgf") return [];
    try {
      return importGames(text, { size, rule });
    } catch {
      return [];
    }
  }, [format, text, size, rule]);

  async function store(e: FormEvent) {
    e.preventDefault();
    // Said here, in the reader's words, rather than sent and refused (the server checks again: 413).
    const bytes = new Blob([text]).size;
    if (bytes > MAX_IMPORT_BYTES) {
      setError({ message: t("textTooLarge", { kb: Math.round(bytes / 1024), max: MAX_IMPORT_BYTES / 1024 }), line: null, column: null });
      return;
    }
    setSending(true);
    setStored(null);
    const games = format === "sgf" && sgfGames.length > 1 && pick !== "all" ? [pick] : "all";
    const answer = await storeImport({ fileName: fileName ?? "", text, size, rule, games });
    setSending(false);
    if (!answer.ok) {
      // A refusal with an import code in the reader's words (and its place, if any); others by their code.
      setError(shownServerRefusal(answer.error, errorText));
      return;
    }
    setError(null);
    if (answer.stored.length === 1) router.push(`/replay/${answer.stored[0].id}`);
    else setStored(answer.stored);
  }

  function openOnly() {
    try {
      const imported = importGame(text, { size, rule });
      const game = fromImport(imported);
      setError(null);
      router.push(`/replay/import?${toImportQuery(game)}`);
    } catch (err) {
      setError(shownImportError(err));
    }
  }

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    if (!f) return;
    if (f.size > MAX_IMPORT_BYTES) {
      setError({ message: t("tooLarge", { name: f.name, kb: Math.round(f.size / 1000) }), line: null, column: null });
      return;
    }
    setText(await f.text());
    setFileName(f.name);
    setError(null);
    setPick("all");
    setStored(null);
  }

  function edit(value: string) {
    setText(value);
    setError(null);
    setFileName(null);
    setStored(null);
  }

  return { text, size, setSize, rule, setRule, error, fileName, pick, setPick, sending, stored, format, isPsq, sgfGames, store, openOnly, upload, edit };
}

export type ImportFormState = ReturnType<typeof useImportForm>;

/** The record's text area, what it looks like, the upload button and the loaded file's name. */
export function RecordField({ form }: { form: ImportFormState }) {
  const t = useTranslations("import");
  const { text, error, format, sgfGames, fileName } = form;
  return (
    <div>
      <label htmlFor="import-text" className="field-label">
        {t("record")}
      </label>
      <textarea
        id="import-text"
        value={text}
        onChange={(e) => form.edit(e.target.value)}
        rows={10}
        spellCheck={false}
        placeholder={t("placeholder")}
        className={`select font-mono text-sm leading-6 ${error ? "border-danger" : ""}`}
        data-testid="import-text"
        aria-invalid={!!error}
        aria-describedby={error ? "import-error" : undefined}
      />
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <span data-testid="import-format">
          {format === null ? t("paste") : format === "sgf" ? t("looksSgf", { n: sgfGames.length }) : format === "psq" ? t("looksPsq") : t("looksMoves")}
        </span>
        <label className="btn-ghost cursor-pointer px-3 py-1 text-xs">
          {t("upload")}
          <input type="file" accept=".psq,.sgf,.txt,text/plain" onChange={form.upload} className="sr-only" data-testid="import-file" />
        </label>
      </div>
      {fileName && <p className="mt-1 text-xs text-muted">{t("loaded", { name: fileName })}</p>}
    </div>
  );
}

/** The error, with its line and a caret under its column when it has a place. */
export function ImportErrorBox({ error, text }: { error: ShownImportError; text: string }) {
  const t = useTranslations("import");
  const importErrorText = useImportErrorText();
  const lines = text.split(/\r\n|\r|\n/);
  const badLine = error.line ? lines[error.line - 1] : undefined;
  return (
    <div id="import-error" role="alert" className="rounded-lg border border-danger/40 bg-danger/5 p-3 text-sm" data-testid="import-error">
      <p className="font-semibold text-danger">{t("cannot", { what: importErrorText(error) })}</p>
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
  );
}

/** Board size (unused for .psq and SGF, which say theirs) and rule. */
export function BoardAndRule({ form }: { form: ImportFormState }) {
  const t = useTranslations("import");
  const rules = useRuleWords();
  const { isPsq, size, rule } = form;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <div className={isPsq ? "opacity-50" : ""}>
        <label htmlFor="import-size" className="field-label">
          {t("board")}
        </label>
        <select
          id="import-size"
          className="select"
          value={size}
          onChange={(e) => form.setSize(Number(e.target.value))}
          disabled={isPsq}
          data-testid="import-size"
        >
          {SIZES.map((s) => (
            <option key={s} value={s}>
              {s}×{s}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="import-rule" className="field-label">
          {t("rule")}
        </label>
        <select id="import-rule" className="select" value={rule} onChange={(e) => form.setRule(e.target.value as Rule)} data-testid="import-rule">
          <option value="freestyle">{t("freestyle")}</option>
          <option value="exact5">{rules.name("exact5")}</option>
          <option value="renju">{rules.name("renju")}</option>
        </select>
      </div>
    </div>
  );
}

/** The choice among an SGF file's games: all, or one. */
export function GamePicker({ games, pick, setPick }: { games: ImportedGame[]; pick: Pick; setPick: (pick: Pick) => void }) {
  const t = useTranslations("import");
  const listed = useListedName();
  return (
    <div>
      <label htmlFor="import-pick" className="field-label">
        {t("gamesInFile")}
      </label>
      <select
        id="import-pick"
        className="select"
        value={String(pick)}
        onChange={(e) => setPick(e.target.value === "all" ? "all" : Number(e.target.value))}
        data-testid="import-pick"
      >
        <option value="all">{t("allGames", { n: games.length })}</option>
        {games.map((g, i) => (
          <option key={i} value={i + 1}>
            {t("gameOption", {
              n: i + 1,
              black: listed(g.names?.[0] ?? "Black"),
              white: listed(g.names?.[1] ?? "White"),
              moves: g.moves.length,
              size: g.size,
            })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Store (one game, the picked one, or all) and open without storing. */
export function ImportButtons({ form }: { form: ImportFormState }) {
  const t = useTranslations("import");
  const { text, sending, sgfGames, pick } = form;
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" className="btn-primary flex-1 py-3 text-base" disabled={text.trim() === "" || sending} data-testid="import-submit">
        {sending ? t("storing") : sgfGames.length > 1 && pick === "all" ? t("storeAll", { n: sgfGames.length }) : t("store")}
      </button>
      <button type="button" className="btn-ghost py-3" disabled={text.trim() === ""} onClick={form.openOnly} data-testid="import-open">
        {t("openOnly")}
      </button>
    </div>
  );
}

/** The games stored from a file of several, each a link to its replay (a game imported before: the stored one, said so). */
export function StoredList({ stored }: { stored: StoredImport[] }) {
  const t = useTranslations("import");
  const tr = useTranslations("records");
  const listed = useListedName();
  return (
    <div className="card p-3 text-sm" data-testid="import-stored">
      <p className="mb-1 font-semibold">{t("stored", { n: stored.length })}</p>
      <ul className="space-y-1">
        {stored.map((g) => (
          <li key={g.id}>
            <Link href={`/replay/${g.id}`} className="text-accent-dark underline" data-testid="import-stored-link">
              {t("storedGame", { n: g.index, black: listed(g.black), white: listed(g.white), moves: g.plies })}
            </Link>
            {g.existing && (
              <span className="ml-2 text-xs text-muted" data-testid="import-existing">
                ({tr("existing")})
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
