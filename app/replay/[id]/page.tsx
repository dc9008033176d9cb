import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ServerReplay } from "@/app/_components/replay/ServerReplay";

export async function generateMetadata(): Promise<Metadata> {
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
  const sp = await searchParams;
  const ply = typeof sp.ply === "string" && /^\d+$/.test(sp.ply) ? Number(sp.ply) : null;
  return <ServerReplay key={id} gameId={id} initialPly={ply} />;
}
