import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LeaderboardView } from "@/app/_components/players/LeaderboardView";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("common.titles"))("leaderboard") };
}

export default async function LeaderboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const pool = typeof sp.pool === "string" && /^[a-z0-9-]{1,40}$/.test(sp.pool) ? sp.pool : null;
  const t = await getTranslations("leaderboard");
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-1 text-2xl font-bold">{t("title")}</h1>
      <p className="mb-4 text-muted">{t("intro")}</p>
      <LeaderboardView key={pool ?? ""} pool={pool} />
    </div>
  );
}
