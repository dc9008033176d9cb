import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { GameView } from "@/app/_components/GameView";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("common.titles"))("game") };
}

export default async function GamePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const sp = await searchParams;
  return <GameView key={id} gameId={id} watchOnly={sp.watch !== undefined} />;
}
