import { GameView } from "@/app/_components/GameView";
import { gamePageMetadata, notFoundIfUnknownGame } from "@/app/_components/game-page-head";

export const generateMetadata = () => gamePageMetadata("game");

export default async function GamePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  await notFoundIfUnknownGame();
  const sp = await searchParams;
  return <GameView key={id} gameId={id} watchOnly={sp.watch !== undefined} />;
}
