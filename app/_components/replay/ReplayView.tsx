"use client";
// The replay: the board at any ply (scrubber, buttons, ←/→/Home/End, the move list, the graph), the
// evaluation graph from black's side, and for each engine move the heatmap of its root scores and its
// expected line as ghost stones. Works for finished games, games in progress (it follows new moves
// while you are at the end) and imported games. Export: move string and Piskvork PSQ.
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Board } from "@/app/_components/Board";
import { Icon } from "@/app/_components/Icon";
import { formatScore } from "@/engine";
import { toLabel } from "@/lib/shared/notation";
import { clampPly, evalSeries, heatOf, positionAt, toMoveString, toPsq, type HeatCell, type ReplayGame, type ReplayMove } from "@/lib/shared/replay/game";
import { EvalGraph } from "./EvalGraph";
import { heatColor, heatLayer } from "./HeatLayer";

const colorName = (c: 1 | 2) => (c === 1 ? "Black" : "White");

function resultLine(g: ReplayGame): string {
  if (g.status === "playing") return "In progress";
  if (g.status === "waiting") return "Waiting for a player";
  if (!g.result) return g.status === "imported" ? "No result (unfinished)" : "—";
  if (g.result === "draw") return "Draw · board full";
  const why =
    g.reason === "five"
      ? g.rule === "exact5"
        ? "exactly five"
        : "five in a row"
      : g.reason === "resign"
        ? `${g.result === "black" ? "white" : "black"} resigned`
        : g.reason === "timeout"
          ? "on time"
          : "";
  return `${g.result === "black" ? "Black" : "White"} wins${why ? ` · ${why}` : ""}`;
}

export function ReplayView({ game, initialPly }: { game: ReplayGame; initialPly?: number | null }) {
  const total = game.moves.length;
  const [ply, setPlyRaw] = useState(() => (initialPly == null ? total : clampPly(game, initialPly)));
  const [showHeat, setShowHeat] = useState(true);
  const [showPv, setShowPv] = useState(true);
  const [numbers, setNumbers] = useState(false);
  const [hover, setHover] = useState<HeatCell | null>(null);
  const atEnd = useRef(ply === total);

  const setPly = useCallback(
    (p: number) => {
      const k = clampPly(game, p);
      atEnd.current = k === game.moves.length;
      setPlyRaw(k);
      setHover(null);
    },
    [game],
  );

  // A game in progress: new moves arrive; follow them if we were at the end.
  const prevTotal = useRef(total);
  useEffect(() => {
    if (total !== prevTotal.current) {
      prevTotal.current = total;
      if (atEnd.current) setPlyRaw(total);
    }
  }, [total]);

  // ?ply=N in the address, for sharing a position.
  useEffect(() => {
    const u = new URL(window.location.href);
    if (ply === total) u.searchParams.delete("ply");
    else u.searchParams.set("ply", String(ply));
    window.history.replaceState(window.history.state, "", u.toString());
  }, [ply, total]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const step: Record<string, () => number> = {
        ArrowLeft: () => ply - 1,
        ArrowRight: () => ply + 1,
        Home: () => 0,
        End: () => game.moves.length,
      };
      if (step[e.key]) {
        e.preventDefault();
        setPly(step[e.key]());
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [ply, game, setPly]);

  const pos = useMemo(() => positionAt(game, ply), [game, ply]);
  const series = useMemo(() => evalSeries(game.moves), [game.moves]);
  const hasAnalysis = useMemo(() => game.moves.some((m) => m.rootScores?.length || m.pv?.length), [game.moves]);
  const move = pos.move;
  const heat = useMemo(() => (showHeat ? heatOf(move) : []), [move, showHeat]);
  const occupied = useMemo(() => new Set(pos.stones.map((s) => s.y * game.size + s.x)), [pos.stones, game.size]);
  const ghosts = useMemo(() => {
    if (!showPv || !move?.pv?.length) return [];
    const pv = move.pv[0] && move.pv[0].x === move.x && move.pv[0].y === move.y ? move.pv.slice(1) : move.pv;
    return pv.slice(0, 8);
  }, [move, showPv]);

  const overlay = useMemo(
    () =>
      heatLayer({
        size: game.size,
        cells: heat,
        ghosts,
        ghostFirstColor: move ? (move.color === 1 ? 2 : 1) : 1,
        occupied,
        hover,
        onHover: setHover,
        mover: move?.color ?? 1,
      }),
    [game.size, heat, ghosts, move, occupied, hover],
  );

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]" data-testid="replay" data-ply={ply} data-plies={total} data-source={game.source}>
      <div className="mx-auto flex w-full max-w-[min(100%,calc(100vh-11rem))] flex-col gap-3">
        <Board size={game.size} stones={pos.stones} lastMove={pos.last} winLine={pos.winLine} showNumbers={numbers} overlay={overlay} />
        <Scrubber ply={ply} total={total} onPly={setPly} />
        <div className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2 text-sm text-muted">
          {hasAnalysis && (
            <>
              <Toggle checked={showHeat} onChange={setShowHeat} testId="toggle-heat">
                Heatmap
              </Toggle>
              <Toggle checked={showPv} onChange={setShowPv} testId="toggle-pv">
                Expected line
              </Toggle>
            </>
          )}
          <Toggle checked={numbers} onChange={setNumbers} testId="toggle-numbers">
            Move numbers
          </Toggle>
          <span className="hidden text-xs sm:inline">Keys: ← → Home End</span>
        </div>
      </div>

      <aside className="flex min-w-0 flex-col gap-3">
        <GameHeader game={game} />
        <section className="card p-3" aria-labelledby="graph-h">
          <h2 id="graph-h" className="mb-2 flex items-baseline justify-between px-1 text-sm font-bold">
            Evaluation <span className="text-xs font-normal text-muted">from black&apos;s side</span>
          </h2>
          <EvalGraph series={series} plies={total} ply={ply} onJump={setPly} />
        </section>
        <MoveAnalysis game={game} move={move} ply={ply} heat={heat} hover={hover} />
        <section className="card overflow-hidden" aria-labelledby="moves-h">
          <h2 id="moves-h" className="flex items-baseline justify-between border-b border-line px-4 py-2 text-sm font-bold">
            Moves <span className="text-xs font-normal text-muted">scores from the mover&apos;s side</span>
          </h2>
          <ReplayMoveList game={game} ply={ply} onPly={setPly} />
        </section>
        <ExportPanel game={game} />
      </aside>
    </div>
  );
}

function Toggle({ checked, onChange, testId, children }: { checked: boolean; onChange: (v: boolean) => void; testId: string; children: React.ReactNode }) {
  return (
    <label className="flex cursor-pointer items-center gap-2">
      <input type="checkbox" className="size-4 accent-accent" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      {children}
    </label>
  );
}

function Scrubber({ ply, total, onPly }: { ply: number; total: number; onPly: (p: number) => void }) {
  const btn = "btn-ghost size-10 shrink-0 px-0 py-0 text-base";
  return (
    <div className="card flex items-center gap-2 px-2 py-2" data-testid="scrubber">
      <button className={btn} onClick={() => onPly(0)} disabled={ply === 0} aria-label="First position (Home)" title="Start (Home)" data-testid="first">
        <Icon d="M6 5v14M18 6l-9 6 9 6z" />
      </button>
      <button className={btn} onClick={() => onPly(ply - 1)} disabled={ply === 0} aria-label="Previous move (←)" title="Back (←)" data-testid="prev">
        <Icon d="M16 6l-9 6 9 6z" />
      </button>
      <input
        type="range"
        min={0}
        max={total}
        value={ply}
        onChange={(e) => onPly(Number(e.target.value))}
        className="min-w-0 flex-1 accent-accent"
        aria-label="Move"
        data-testid="ply-range"
      />
      <span className="w-20 shrink-0 text-center text-sm font-semibold tabular-nums" data-testid="ply-label">
        {ply} / {total}
      </span>
      <button className={btn} onClick={() => onPly(ply + 1)} disabled={ply === total} aria-label="Next move (→)" title="Forward (→)" data-testid="next">
        <Icon d="M8 6l9 6-9 6z" />
      </button>
      <button className={btn} onClick={() => onPly(total)} disabled={ply === total} aria-label="Last position (End)" title="End (End)" data-testid="last">
        <Icon d="M18 5v14M6 6l9 6-9 6z" />
      </button>
    </div>
  );
}

function GameHeader({ game }: { game: ReplayGame }) {
  const kind = { hva: "Human vs AI", hvh: "Human vs human", ava: "AI vs AI", imported: "Imported game" }[game.kind];
  return (
    <section className="card p-4" data-testid="replay-header">
      <div className="mb-2 flex items-center justify-between gap-2 text-xs font-semibold tracking-wide text-muted uppercase">
        <span>
          {kind} · {game.size}×{game.size} · {game.rule === "exact5" ? "exactly five" : "freestyle"}
          {game.opening.length > 0 && " · opening"}
        </span>
        {game.createdAt && <time dateTime={game.createdAt}>{new Date(game.createdAt).toLocaleDateString()}</time>}
      </div>
      <div className="space-y-1">
        <PlayerLine c={1} name={game.black} won={game.result === "black"} />
        <PlayerLine c={2} name={game.white} won={game.result === "white"} />
      </div>
      <div className="mt-3 flex items-center justify-between gap-2">
        <span className="font-semibold" data-testid="replay-result" data-result={game.result ?? ""}>
          {resultLine(game)}
        </span>
        {game.id && game.status !== "finished" && (
          <Link href={`/game/${game.id}?watch=1`} className="btn-ghost px-3 py-1 text-xs">
            ● Live
          </Link>
        )}
      </div>
    </section>
  );
}

function PlayerLine({ c, name, won }: { c: 1 | 2; name: string; won: boolean }) {
  return (
    <div className="flex items-center gap-2.5">
      <span
        className={`size-4 shrink-0 rounded-full shadow ${c === 1 ? "bg-gradient-to-br from-neutral-600 to-black" : "border border-neutral-300 bg-gradient-to-br from-white to-neutral-200"}`}
      />
      <span className="truncate font-medium">{name}</span>
      {won && <span className="rounded bg-accent/15 px-1.5 text-xs font-bold text-accent-dark">winner</span>}
    </div>
  );
}

function MoveAnalysis({ game, move, ply, heat, hover }: { game: ReplayGame; move: ReplayMove | null; ply: number; heat: HeatCell[]; hover: HeatCell | null }) {
  let body: React.ReactNode;
  if (!move) {
    body = (
      <p className="text-sm text-muted">
        Start position{game.opening.length ? ` (${game.opening.length} opening stones)` : ""}. Step forward to see each move and what the engine thought of it.
      </p>
    );
  } else if (!move.score) {
    body = <p className="text-sm text-muted">{move.by === "human" ? "A human move" : "No engine analysis stored for this move"}.</p>;
  } else {
    const who = colorName(move.color).toLowerCase();
    const best = heat.find((h) => h.best);
    const pv = (move.pv ?? []).map((p) => toLabel(p, game.size));
    body = (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Score</dt>
        <dd>
          <span className="font-semibold tabular-nums" data-testid="analysis-score">
            {formatScore(move.score)}
          </span>{" "}
          <span className="text-xs text-muted">from {who}&apos;s side (the mover)</span>
        </dd>
        <dt className="text-muted">Search</dt>
        <dd className="tabular-nums">
          depth {move.depth ?? "?"}
          {move.nodes !== undefined &&
            ` · ${move.nodes >= 1e6 ? `${(move.nodes / 1e6).toFixed(1)}M` : move.nodes >= 1e3 ? `${Math.round(move.nodes / 1e3)}k` : move.nodes} ${move.nodes === 1 ? "node" : "nodes"}`}
          {move.timeMs !== undefined && ` · ${(move.timeMs / 1000).toFixed(1)} s`}
        </dd>
        {pv.length > 0 && (
          <>
            <dt className="text-muted">Line</dt>
            <dd className="font-mono text-xs leading-5" data-testid="analysis-pv">
              {pv.slice(0, 10).join(" ")}
            </dd>
          </>
        )}
        {heat.length > 0 && (
          <>
            <dt className="text-muted">Options</dt>
            <dd>
              {heat.length} {heat.length === 1 ? "move" : "moves"} scored
              {best && !best.played ? ` · best ${toLabel(best, game.size)} ${formatScore(best.score)}` : " · played the best"}
            </dd>
          </>
        )}
      </dl>
    );
  }
  return (
    <section className="card p-4" data-testid="analysis" aria-labelledby="analysis-h">
      <h2 id="analysis-h" className="mb-2 flex items-baseline justify-between text-sm font-bold">
        <span>{move ? `Move ${ply} · ${colorName(move.color)} ${toLabel(move, game.size)}` : "Start"}</span>
        {move?.by && <span className="text-xs font-normal text-muted">{move.by === "engine" ? "engine" : "human"}</span>}
      </h2>
      {body}
      {heat.length > 0 && (
        <div className="mt-3 flex items-center gap-2 text-xs text-muted">
          <span>best</span>
          <span className="h-2 flex-1 rounded-full" style={{ background: `linear-gradient(to right, ${heatColor(0)}, ${heatColor(0.5)}, ${heatColor(1)})` }} />
          <span>worst</span>
          <span className="w-24 text-right font-semibold text-ink tabular-nums" data-testid="heat-hover">
            {hover ? `${toLabel(hover, game.size)} ${formatScore(hover.score)}` : "hover a square"}
          </span>
        </div>
      )}
    </section>
  );
}

function ReplayMoveList({ game, ply, onPly }: { game: ReplayGame; ply: number; onPly: (p: number) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current?.querySelector<HTMLElement>(`[data-current="true"]`);
    const parent = box.current;
    if (el && parent) {
      const top = el.offsetTop - parent.offsetTop;
      if (top < parent.scrollTop || top > parent.scrollTop + parent.clientHeight - el.offsetHeight) parent.scrollTop = top - parent.clientHeight / 2;
    }
  }, [ply]);
  const rows: Array<[ReplayMove | null, ReplayMove | null]> = [];
  for (const m of game.moves) {
    const last = rows[rows.length - 1];
    if (m.color === 1 || !last || last[1] !== null) rows.push(m.color === 1 ? [m, null] : [null, m]);
    else last[1] = m;
  }
  const cell = (m: ReplayMove | null) => {
    if (!m) return <span className="px-2 py-1 text-muted">…</span>;
    const current = m.ply === ply;
    return (
      <button
        type="button"
        onClick={() => onPly(m.ply)}
        data-testid={`rmove-${m.ply}`}
        data-current={current}
        className={`flex items-baseline justify-between gap-1 rounded px-2 py-1 text-left hover:bg-wood/30 ${current ? "bg-wood/60 font-bold" : ""}`}
        title={m.score ? `${formatScore(m.score)}: engine score from ${m.color === 1 ? "black" : "white"}'s side (the mover)` : undefined}
      >
        <span className="font-mono">{toLabel(m, game.size)}</span>
        {m.score && (
          <span
            className={`text-xs tabular-nums ${m.score.kind === "win" || (m.score.kind === "eval" && m.score.value > 0) ? "text-accent-dark" : m.score.kind === "loss" || (m.score.kind === "eval" && m.score.value < 0) ? "text-danger" : "text-muted"}`}
          >
            {formatScore(m.score)}
          </span>
        )}
      </button>
    );
  };
  return (
    <div ref={box} className="relative max-h-64 overflow-y-auto text-sm" data-testid="replay-moves">
      <button
        type="button"
        onClick={() => onPly(0)}
        data-current={ply === 0}
        className={`block w-full px-3 py-1 text-left text-xs text-muted hover:bg-wood/30 ${ply === 0 ? "bg-wood/60 font-bold text-ink" : ""}`}
      >
        Start position
      </button>
      {rows.length === 0 ? (
        <p className="px-3 py-3 text-center text-muted">No moves yet.</p>
      ) : (
        <ol>
          {rows.map(([b, w], i) => (
            <li key={i} className={`grid grid-cols-[2.5rem_1fr_1fr] items-center gap-1 pr-2 ${i % 2 ? "bg-page/60" : ""}`}>
              <span className="py-1 pr-1 text-right text-xs text-muted tabular-nums">{i + 1}.</span>
              {cell(b)}
              {cell(w)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function ExportPanel({ game }: { game: ReplayGame }) {
  const [copied, setCopied] = useState(false);
  let moveString = "";
  let psq = "";
  let problem: string | null = null;
  try {
    moveString = toMoveString(game);
    psq = toPsq(game);
  } catch (e) {
    problem = (e as Error).message;
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(moveString);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      /* the text stays selectable */
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([psq], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `gomoku-${game.id ?? "import"}.psq`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section className="card p-4" aria-labelledby="export-h" data-testid="export">
      <h2 id="export-h" className="mb-2 text-sm font-bold">
        Export
      </h2>
      {problem ? (
        <p className="text-sm text-danger">{problem}</p>
      ) : (
        <>
          <div className="flex gap-2">
            <input
              readOnly
              value={moveString}
              onFocus={(e) => e.currentTarget.select()}
              className="select min-w-0 flex-1 font-mono text-xs"
              aria-label="Move string"
              data-testid="export-moves"
            />
            <button className="btn-ghost px-3" onClick={copy} data-testid="copy-moves">
              {copied ? "Copied" : "Copy"}
            </button>
          </div>
          <div className="mt-2 flex items-center justify-between gap-2">
            <button className="btn-ghost" onClick={download} data-testid="export-psq">
              ⬇ Piskvork .psq
            </button>
            <Link href="/import" className="text-xs text-muted underline-offset-2 hover:underline">
              Import a game…
            </Link>
          </div>
          {game.opening.length > 0 && (
            <p className="mt-2 text-xs text-muted">
              The {game.opening.length} opening stones are written as the first moves (black, white, …); the .psq also records them as an opening for this site.
            </p>
          )}
        </>
      )}
    </section>
  );
}
