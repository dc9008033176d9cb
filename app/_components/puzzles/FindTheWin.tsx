"use client";
// Under a game's analysis: when it marked a missed win of yours, "This position was a win: find it"
// opens the position as a puzzle (/puzzles?mode=game: the server makes it from the analysis' line).
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMe } from "@/lib/client/identity";

export function FindTheWin({ gameId, names, missed }: { gameId: string | null; names: Array<string | null | undefined>; missed: number[] }) {
  const t = useTranslations("puzzles");
  const me = useMe();
  const mine = names.findIndex((n) => !!n && !!me && n.toLowerCase() === me.name.toLowerCase());
  if (!gameId || mine < 0 || !(missed[mine] > 0)) return null;
  return (
    <Link
      className="col-span-2 mt-1 block text-sm font-semibold text-accent underline"
      href={`/puzzles?mode=game&game=${encodeURIComponent(gameId)}`}
      data-testid="find-the-win"
    >
      {t("findTheWin")}
    </Link>
  );
}
