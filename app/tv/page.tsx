import type { Metadata } from "next";
import { LiveGames } from "@/app/_components/LiveGames";
import { AiMatchForm } from "@/app/_components/replay/AiMatchForm";
import { TvView } from "@/app/_components/replay/TvView";

export const metadata: Metadata = { title: "Watch" };

export default function Tv() {
  return (
    <div className="space-y-8">
      <TvView />
      <div className="grid gap-5 lg:grid-cols-2">
        <section className="card p-5" id="match" aria-labelledby="match-h">
          <h2 id="match-h" className="mb-1 text-xl font-bold">
            Set up an AI vs AI match
          </h2>
          <p className="mb-4 text-sm text-muted">Pick two engines and a board. The match gets its own page; share the link and anyone can watch.</p>
          <AiMatchForm />
        </section>
        <section className="card p-5" aria-labelledby="live-h">
          <h2 id="live-h" className="mb-1 text-xl font-bold">
            Live games
          </h2>
          <p className="mb-3 text-sm text-muted">Games being played right now.</p>
          <LiveGames />
        </section>
      </div>
    </div>
  );
}
