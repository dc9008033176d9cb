import type { Metadata } from "next";
import Link from "next/link";
import { Archive } from "@/app/_components/replay/Archive";
import type { GameKind } from "@/lib/shared/protocol";

export const metadata: Metadata = { title: "Games" };

const KINDS = new Set(["hva", "hvh", "ava"]);

export default async function Games({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const kind = typeof sp.kind === "string" && KINDS.has(sp.kind) ? (sp.kind as GameKind) : null;
  const page = typeof sp.page === "string" && /^\d{1,5}$/.test(sp.page) ? Math.max(1, Number(sp.page)) : 1;
  return (
    <div className="mx-auto max-w-5xl">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="mb-1 text-2xl font-bold">Games</h1>
          <p className="text-muted">Finished games, newest first. Open one to replay it move by move with the engine&apos;s analysis.</p>
        </div>
        <Link href="/import" className="btn-ghost" data-testid="import-link">
          ⬆ Import a game
        </Link>
      </div>
      <Archive key={`${kind}-${page}`} kind={kind} page={page} />
    </div>
  );
}
