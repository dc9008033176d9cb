import { ServerReplay } from "@/app/_components/replay/ServerReplay";
import { gamePageMetadata, notFoundIfUnknownGame } from "@/app/_components/game-page-head";

export const generateMetadata = () => gamePageMetadata("replay");

export default async function ReplayPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  await notFoundIfUnknownGame();
  const sp = await searchParams;
  const ply = typeof sp.ply === "string" && /^\d+$/.test(sp.ply) ? Number(sp.ply) : null;
  return <ServerReplay key={id} gameId={id} initialPly={ply} />;
}
