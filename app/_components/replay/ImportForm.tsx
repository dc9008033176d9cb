"use client";
// Import a game: paste (or upload) an SGF or Piskvork .psq file or a move string. It is stored on the
// server (POST /api/import) and opens at its permanent /replay/<id>; an SGF file with several games
// lets you pick one or store them all; "Open without storing" replays it from the address only
// (/replay/import?…). Errors say what and where: line N, column M (the server's, or this page's
// own reading with the same parser before sending). Several files at once: ImportFiles.
// Its state and parts: ImportFormParts.
import { useTranslations } from "next-intl";
import { ImportFiles } from "./ImportFiles";
import { BoardAndRule, GamePicker, ImportButtons, ImportErrorBox, RecordField, StoredList, useImportForm } from "./ImportFormParts";

export function ImportForm() {
  const t = useTranslations("import");
  const form = useImportForm();
  const { error, text, isPsq, sgfGames, stored } = form;
  return (
    <form onSubmit={form.store} className="space-y-4" data-testid="import-form">
      <RecordField form={form} />
      {error && <ImportErrorBox error={error} text={text} />}
      <BoardAndRule form={form} />
      {isPsq && <p className="-mt-2 text-xs text-muted">{t("psqNote")}</p>}
      {sgfGames.length > 1 && <GamePicker games={sgfGames} pick={form.pick} setPick={form.setPick} />}
      <ImportButtons form={form} />
      {stored && <StoredList stored={stored} />}
      <div className="border-t border-line pt-4">
        <p className="mb-2 text-xs text-muted">{t("archiveNote")}</p>
        <ImportFiles size={form.size} rule={form.rule} />
      </div>
    </form>
  );
}
