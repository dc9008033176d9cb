import Link from "next/link";
import { NewGameForm } from "@/app/_components/NewGameForm";
import { LiveGames } from "@/app/_components/LiveGames";

export default function Lobby() {
  return (
    <div className="grid gap-5 lg:grid-cols-[1fr_1fr_1.1fr]">
      <section className="card p-5" aria-labelledby="play-ai">
        <h2 id="play-ai" className="mb-1 text-xl font-bold">
          Play the AI
        </h2>
        <p className="mb-4 text-sm text-muted">An alpha-beta engine that thinks as long as you let it.</p>
        <NewGameForm opponent="ai" />
      </section>
      <section className="card p-5" aria-labelledby="play-friend">
        <h2 id="play-friend" className="mb-1 text-xl font-bold">
          Play a friend
        </h2>
        <p className="mb-4 text-sm text-muted">Create a game and send the link. The first person to open it plays you.</p>
        <NewGameForm opponent="human" />
      </section>
      <section className="card p-5" aria-labelledby="live">
        <h2 id="live" className="mb-1 text-xl font-bold">
          Live games
        </h2>
        <p className="mb-3 text-sm text-muted">Watch games being played right now.</p>
        <LiveGames limit={12} />
        <div className="mt-4 flex flex-wrap gap-2 border-t border-line pt-4" data-testid="lobby-watch">
          <Link href="/tv" className="btn-ghost flex-1">
            <span className="size-2 rounded-full bg-danger" aria-hidden="true" /> Watch AI TV
          </Link>
          <Link href="/tv#match" className="btn-ghost flex-1" data-testid="lobby-ai-match">
            Set up an AI match
          </Link>
        </div>
      </section>
    </div>
  );
}
