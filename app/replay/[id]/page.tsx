import type { Metadata } from "next";
import { ServerReplay } from "@/app/_components/replay/ServerReplay";

export const metadata: Metadata = { title: "Replay" };

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
