import type { Metadata } from "next";
import { ImportForm } from "@/app/_components/replay/ImportForm";

export const metadata: Metadata = { title: "Import a game" };

export default function ImportPage() {
  return (
    <div className="mx-auto grid max-w-4xl gap-5 md:grid-cols-[1fr_16rem]">
      <section className="card p-5">
        <h1 className="mb-1 text-2xl font-bold">Import a game</h1>
        <p className="mb-4 text-sm text-muted">Open a game from elsewhere in the replay view: a move string or a Piskvork / Gomocup .psq file.</p>
        <ImportForm />
      </section>
      <aside className="space-y-3 text-sm text-muted">
        <div className="card p-4">
          <h2 className="mb-1 font-bold text-ink">Move strings</h2>
          <p>
            Column letter and row number from the bottom, black first: <code className="font-mono text-ink">h8i9j10</code>. Spaces, commas, new lines and move
            numbers (<code className="font-mono text-ink">1.</code>) are fine.
          </p>
        </div>
        <div className="card p-4">
          <h2 className="mb-1 font-bold text-ink">Piskvork .psq</h2>
          <p>
            A header <code className="font-mono text-ink">Piskvorky 15x15, 11:11, 0</code>, then one move a line{" "}
            <code className="font-mono text-ink">x,y,time</code> (1-based, y from the top), then the players&apos; names. Boards up to 19×19.
          </p>
        </div>
      </aside>
    </div>
  );
}
