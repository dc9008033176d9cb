"use client";
// A player's puzzles on their page: the puzzle rating, solved of tried, the themes they fail most
// (weakest first), the last tries.
import Link from "next/link";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { puzzleProfile } from "@/lib/client/puzzles";
import type { PuzzleProfile } from "@/lib/shared/puzzles/view";

export function PuzzleStats({ name }: { name: string }) {
  const t = useTranslations("puzzles");
  const [p, setP] = useState<PuzzleProfile | null>(null);
  useEffect(() => {
    let live = true;
    void puzzleProfile(name).then((a) => live && a.ok && setP(a.profile));
    return () => {
      live = false;
    };
  }, [name]);
  if (!p) return null;
  return (
    <div className="card p-4" data-testid="puzzle-stats">
      <h2 className="mb-2 font-semibold">{t("profile.heading")}</h2>
      {p.attempts === 0 ? (
        <p className="text-sm text-muted">{t("profile.none")}</p>
      ) : (
        <>
          <p>
            {t("profile.rating")}: <strong data-testid="puzzle-rating">{p.rating ?? "?"}</strong> ·{" "}
            {t("profile.solvedOf", { solved: p.solved, attempts: p.attempts })}
          </p>
          <h3 className="mt-2 text-sm font-semibold">{t("profile.weakThemes")}</h3>
          <ul className="text-sm">
            {p.themes
              .filter((th) => th.attempts > 0)
              .map((th) => (
                <li key={th.theme}>{t("profile.themeLine", { theme: t(`themes.${th.theme}`), solved: th.solved, attempts: th.attempts })}</li>
              ))}
          </ul>
          <h3 className="mt-2 text-sm font-semibold">{t("profile.history")}</h3>
          <ul className="text-sm">
            {p.history.slice(0, 10).map((h, i) => (
              <li key={`${h.puzzleId}-${i}`}>
                <Link href={`/puzzles?id=${encodeURIComponent(h.puzzleId)}`}>{h.puzzleId}</Link>: {t(h.solved ? "profile.ok" : "profile.failed")}
                {h.ratingAfter !== null && ` · ${h.ratingAfter}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
