import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ServerReplay } from "@/app/_components/replay/ServerReplay";
import { UNKNOWN_GAME_HEADER } from "@/lib/shared/unknown-game";

export async function generateMetadata(): Promise<Metadata> {
  // An unknown id (see below) has the 404 page's title, not this page's.
  if ((await headers()).has(UNKNOWN_GAME_HEADER)) return { title: (await getTranslations("common.unknownGame"))("title") };
  return { title: (await getTranslations("common.titles"))("replay") };
}

export default async function ReplayPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  // The custom server looked the id up (lib/server/games/pages): no such game is a 404.
  if ((await headers()).has(UNKNOWN_GAME_HEADER)) notFound();
  const sp = await searchParams;
  const ply = typeof sp.ply === "string" && /^\d+$/.test(sp.ply) ? Number(sp.ply) : null;
  return <ServerReplay key={id} gameId={id} initialPly={ply} />;
}
