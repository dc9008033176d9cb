"use client";
// The replay's export: the move string (copy), a Piskvork .psq file and an SGF file (download; the
// SGF with each move's score as a comment when asked: lib/shared/replay/sgf-export).
import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { toMoveString, toPsq, type ReplayGame } from "@/lib/shared/replay/game";
import { downloadText, toSgf } from "@/lib/shared/replay/sgf-export";

export function ExportPanel({ game }: { game: ReplayGame }) {
  const [copied, setCopied] = useState(false);
  const [withScores, setWithScores] = useState(false);
  const t = useTranslations("replay.export");
  const tr = useTranslations("records");
  let moveString = "";
  let psq = "";
  let problem: string | null = null;
  try {
    moveString = toMoveString(game);
    psq = toPsq(game);
  } catch (e) {
    problem = (e as Error).message;
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(moveString);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      /* the text stays selectable */
    }
  };
  const download = () => downloadText(psq, `gomoku-${game.id ?? "import"}.psq`);
  const downloadSgf = () => downloadText(toSgf(game, withScores), `gomoku-${game.id ?? "import"}.sgf`, "application/x-go-sgf");
  return (
    <section className="card p-4" aria-labelledby="export-h" data-testid="export">
      <h2 id="export-h" className="mb-2 text-sm font-bold">
        {t("title")}
      </h2>
      {problem ? (
        <p className="text-sm text-danger">{problem}</p>
      ) : (
        <>
          <div className="flex gap-2">
            <input
              readOnly
              value={moveString}
              onFocus={(e) => e.currentTarget.select()}
              className="select min-w-0 flex-1 font-mono text-xs"
              aria-label={t("moveString")}
              data-testid="export-moves"
            />
            <button className="btn-ghost px-3" onClick={copy} data-testid="copy-moves">
              {copied ? t("copied") : t("copy")}
            </button>
          </div>
          <div className="mt-2 flex items-center justify-between gap-2">
            <span className="flex flex-wrap items-center gap-2">
              <button className="btn-ghost" onClick={download} data-testid="export-psq">
                ⬇ {t("psq")}
              </button>
              <button className="btn-ghost" onClick={downloadSgf} data-testid="export-sgf">
                ⬇ {tr("sgf")}
              </button>
              <label className="flex items-center gap-1 text-xs text-muted">
                <input type="checkbox" checked={withScores} onChange={(e) => setWithScores(e.target.checked)} data-testid="export-sgf-scores" />
                {tr("withScores")}
              </label>
            </span>
            <Link href="/import" className="text-xs text-muted underline-offset-2 hover:underline">
              {t("import")}
            </Link>
          </div>
          {game.opening.length > 0 && <p className="mt-2 text-xs text-muted">{t("openingNote", { n: game.opening.length })}</p>}
        </>
      )}
    </section>
  );
}
