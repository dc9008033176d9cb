"use client";
// The archive: finished games, newest first, filtered by kind, a page at a time; each row opens the replay.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { EV, type GameKind, type GameSummary } from "@/lib/shared/protocol";
import { request } from "@/lib/client/socket";

const KINDS: Array<{ value: GameKind | "all"; label: string }> = [
  { value: "all", label: "All" },
  { value: "hva", label: "Human vs AI" },
  { value: "hvh", label: "Human vs human" },
  { value: "ava", label: "AI vs AI" },
];

function resultText(g: GameSummary): string {
  if (g.result === "draw") return "Draw";
  if (!g.result) return "—";
  const why = g.reason === "five" ? "five" : g.reason === "resign" ? "resignation" : g.reason === "timeout" ? "time" : "";
  return `${g.result === "black" ? "Black" : "White"} wins${why ? ` · ${why}` : ""}`;
}

const fmtDate = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return `${d.toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" })} ${d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })}`;
};

export function Archive({ kind, page }: { kind: GameKind | null; page: number }) {
  const router = useRouter();
  const [data, setData] = useState<{ games: GameSummary[]; page: number; pages: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    setData(null);
    void request(EV.list, { status: "finished", page, ...(kind ? { kind } : {}) }).then((ack) => {
      if (!alive) return;
      if (ack.ok) {
        setData({ games: ack.games, page: ack.page, pages: ack.pages });
        setError(null);
      } else setError(ack.error.message);
    });
    return () => {
      alive = false;
    };
  }, [kind, page]);

  const href = (k: GameKind | "all" | null, p: number) => {
    const q = new URLSearchParams();
    if (k && k !== "all") q.set("kind", k);
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return `/games${s ? `?${s}` : ""}`;
  };

  return (
    <div data-testid="archive">
      <div role="tablist" aria-label="Kind of game" className="mb-4 flex flex-wrap gap-1 rounded-lg border border-line bg-white p-0.5 sm:inline-flex">
        {KINDS.map((k) => {
          const on = (kind ?? "all") === k.value;
          return (
            <Link
              key={k.value}
              role="tab"
              aria-selected={on}
              href={href(k.value, 1)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${on ? "bg-accent text-white shadow-sm" : "text-ink hover:bg-page"}`}
              data-testid={`filter-${k.value}`}
            >
              {k.label}
            </Link>
          );
        })}
      </div>

      <div className="card overflow-hidden">
        {error ? (
          <p className="p-6 text-center text-danger">{error}</p>
        ) : !data ? (
          <p className="p-6 text-center text-muted">Loading…</p>
        ) : data.games.length === 0 ? (
          <p className="p-8 text-center text-muted" data-testid="archive-empty">
            No finished games {kind ? "of this kind " : ""}yet.
          </p>
        ) : (
          <table className="w-full text-sm" data-testid="archive-table">
            <thead className="border-b border-line bg-page/60 text-left text-xs tracking-wide text-muted uppercase">
              <tr>
                <th className="px-4 py-2 font-semibold">Players</th>
                <th className="hidden px-2 py-2 font-semibold sm:table-cell">Board</th>
                <th className="px-2 py-2 font-semibold">Result</th>
                <th className="hidden px-2 py-2 text-right font-semibold sm:table-cell">Moves</th>
                <th className="hidden px-2 py-2 font-semibold md:table-cell">Date</th>
                <th className="px-4 py-2" />
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.games.map((g) => (
                <tr key={g.id} className="cursor-pointer hover:bg-wood/15" onClick={() => router.push(`/replay/${g.id}`)} data-testid={`archive-row-${g.id}`}>
                  <td className="px-4 py-2.5">
                    <div className="flex items-center gap-2 font-medium">
                      <span aria-label="black" className={g.result === "black" ? "font-bold" : ""}>
                        ● {g.black}
                      </span>
                      <span className="text-muted">vs</span>
                      <span aria-label="white" className={g.result === "white" ? "font-bold" : ""}>
                        ○ {g.white}
                      </span>
                      {g.tv && <span className="rounded bg-wood/50 px-1.5 text-[10px] font-bold tracking-wide text-ink/80 uppercase">TV</span>}
                    </div>
                    <div className="text-xs text-muted sm:hidden">
                      {g.size}×{g.size} · {g.plies} moves · {fmtDate(g.finishedAt)}
                    </div>
                  </td>
                  <td className="hidden px-2 py-2.5 text-muted sm:table-cell">
                    {g.size}×{g.size} · {g.rule === "exact5" ? "exactly 5" : "freestyle"}
                  </td>
                  <td className="px-2 py-2.5 whitespace-nowrap">{resultText(g)}</td>
                  <td className="hidden px-2 py-2.5 text-right tabular-nums sm:table-cell">{g.plies}</td>
                  <td className="hidden px-2 py-2.5 whitespace-nowrap text-muted md:table-cell">{fmtDate(g.finishedAt)}</td>
                  <td className="px-4 py-2.5 text-right">
                    <Link href={`/replay/${g.id}`} className="btn-ghost px-3 py-1" onClick={(e) => e.stopPropagation()} data-testid={`replay-${g.id}`}>
                      Replay
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      {data && data.pages > 1 && (
        <nav className="mt-4 flex items-center justify-center gap-3 text-sm" aria-label="Pages">
          {page > 1 ? (
            <Link className="btn-ghost" href={href(kind, page - 1)} data-testid="page-prev">
              ← Newer
            </Link>
          ) : (
            <span className="btn-ghost opacity-40">← Newer</span>
          )}
          <span className="tabular-nums text-muted">
            Page {data.page} of {data.pages}
          </span>
          {page < data.pages ? (
            <Link className="btn-ghost" href={href(kind, page + 1)} data-testid="page-next">
              Older →
            </Link>
          ) : (
            <span className="btn-ghost opacity-40">Older →</span>
          )}
        </nav>
      )}
    </div>
  );
}
