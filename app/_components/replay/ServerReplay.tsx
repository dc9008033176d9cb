"use client";
// A stored game's replay: joins its room as a spectator (so a game in progress keeps updating).
import Link from "next/link";
import { useMemo } from "react";
import { useGame } from "@/lib/client/useGame";
import { fromState } from "@/lib/shared/replay/game";
import { ReplayView } from "./ReplayView";

export function ServerReplay({ gameId, initialPly }: { gameId: string; initialPly: number | null }) {
  const [view] = useGame(gameId, { watchOnly: true });
  const game = useMemo(() => (view.state ? fromState(view.state) : null), [view.state]);
  if (view.loadError && !game)
    return (
      <div className="card mx-auto max-w-md p-6 text-center" data-testid="load-error">
        <h1 className="mb-2 text-xl font-bold">This game cannot be replayed</h1>
        <p className="mb-4 text-muted">{view.loadError}</p>
        <Link href="/games" className="btn-primary">
          Back to the games
        </Link>
      </div>
    );
  if (!game)
    return (
      <div className="grid place-items-center py-24 text-muted" data-testid="loading">
        Loading game…
      </div>
    );
  return <ReplayView game={game} initialPly={initialPly} />;
}
