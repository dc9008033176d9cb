import type { Metadata } from "next";
import { Explainer } from "@/app/_components/learn/Explainer";

export const metadata: Metadata = {
  title: "Learn: game-tree search",
  description: "Minimax, alpha-beta and expectimax stepped through on the lecture's game trees.",
};

export default function Learn() {
  return (
    <div className="space-y-6">
      <Explainer />
      <section className="card space-y-2 p-5 text-sm leading-relaxed" aria-labelledby="rules">
        <h2 id="rules" className="text-lg font-bold">
          The rules of gomoku
        </h2>
        <p>
          Gomoku is played on the points of a grid. Black moves first; players take turns placing one stone of their colour on an empty point. The first to make
          an unbroken line of <strong>five</strong> (across, down or diagonally) wins. Under the <em>freestyle</em> rule a line of six or more also wins; under{" "}
          <em>exactly five</em> it does not.
        </p>
        <p className="text-muted">
          The engine you play against runs the same alpha-beta as above, specialised for the board: with good move ordering it visits a small fraction of the
          nodes minimax would.
        </p>
      </section>
    </div>
  );
}
