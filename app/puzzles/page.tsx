import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PuzzleTrainer } from "@/app/_components/puzzles/PuzzleTrainer";
import { PUZZLE_MODES, type PuzzleMode } from "@/lib/shared/puzzles/view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("puzzles"))("title") };
}

/** /puzzles?mode=rated|daily|streak&theme=vcf|vct|defend&id=<puzzle>, /puzzles?mode=game&game=<your game> */
export default async function PuzzlesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const one = (k: string) => (typeof sp[k] === "string" ? (sp[k] as string) : "");
  const mode = PUZZLE_MODES.includes(one("mode") as PuzzleMode) ? (one("mode") as PuzzleMode) : "rated";
  return <PuzzleTrainer key={`${mode}/${one("theme")}/${one("id")}/${one("game")}`} mode={mode} theme={one("theme")} id={one("id")} game={one("game")} />;
}
