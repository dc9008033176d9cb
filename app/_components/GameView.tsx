"use client";
// The game page: board, players and clocks, status, the AI's live search, moves, actions.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import type { GameState, Seat, Thinking } from "@/lib/shared/protocol";
import type { Point } from "@/engine";
import { formatScore } from "@/engine";
import { toLabel } from "@/lib/shared/notation";
import { useGame } from "@/lib/client/useGame";
import { engineLabel } from "@/lib/shared/labels";
import { takebackRefusal } from "@/lib/shared/takeback";
import { Board, type BoardStone } from "./Board";
import { MoveList, scoreTone } from "./MoveList";
import { Clock } from "./Clock";
import { useToast } from "./Toast";

const colorName = (c: 1 | 2) => (c === 1 ? "Black" : "White");

function seatName(seat: Seat, mine: boolean, watching: boolean): string {
  if (seat.kind === "engine") return engineLabel(seat.engine);
  if (mine) return "You";
  if (!seat.taken) return "Waiting for a player…";
  return watching ? "Player" : "Opponent";
}

export function resultText(s: GameState, me: 1 | 2 | null): { title: string; detail: string } {
  if (s.result === "draw") return { title: "Draw", detail: s.reason === "full" ? "The board is full." : "" };
  const winner: 1 | 2 = s.result === "black" ? 1 : 2;
  const loser = winner === 1 ? 2 : 1;
  const title = me === null ? `${colorName(winner)} wins` : me === winner ? "You win!" : "You lose";
  const detail =
    s.reason === "five"
      ? `${colorName(winner)} made ${s.rule === "exact5" ? "exactly five" : "five"} in a row.`
      : s.reason === "resign"
        ? `${colorName(loser)} resigned.`
        : s.reason === "timeout"
          ? `${colorName(loser)} ran out of time.`
          : "";
  return { title, detail };
}

export function GameView({ gameId, watchOnly }: { gameId: string; watchOnly: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [view, actions] = useGame(gameId, { watchOnly });
  const { state, color, thinking, connected, loadError } = view;
  const [pending, setPending] = useState<BoardStone | null>(null);
  const [numbers, setNumbers] = useState(false);
  const [showPv, setShowPv] = useState(true);
  const [confirmResign, setConfirmResign] = useState(false);
  const [busy, setBusy] = useState(false);

  const plies = state?.moves.length ?? 0;
  useEffect(() => setPending(null), [plies]);
  useEffect(() => {
    if (state?.status !== "playing") setConfirmResign(false);
  }, [state?.status]);

  const stones = useMemo<BoardStone[]>(() => {
    if (!state) return [];
    return [...state.opening.map((s) => ({ x: s.x, y: s.y, color: s.color })), ...state.moves.map((m) => ({ x: m.x, y: m.y, color: m.color, n: m.ply }))];
  }, [state]);

  if (loadError && !state) {
    return (
      <div className="card mx-auto max-w-md p-6 text-center" data-testid="load-error">
        <h1 className="mb-2 text-xl font-bold">This game cannot be opened</h1>
        <p className="mb-4 text-muted">{loadError}</p>
        <Link href="/" className="btn-primary">
          Back to the lobby
        </Link>
      </div>
    );
  }
  if (!state) {
    return (
      <div className="grid place-items-center py-24 text-muted" data-testid="loading">
        Loading game…
      </div>
    );
  }

  const myTurn = state.status === "playing" && color !== null && state.toMove === color;
  const toMoveSeat = state.toMove === 1 ? state.black : state.white;
  const aiToMove = state.status === "playing" && toMoveSeat.kind === "engine";
  const last = state.moves[state.moves.length - 1];
  const lastMove: Point | null = last ? { x: last.x, y: last.y } : null;
  const liveThinking = aiToMove && thinking && thinking.ply === state.moves.length + 1 ? thinking : null;
  const canTakeback = color !== null && takebackRefusal(state, color) === null;

  async function play(p: Point) {
    if (!state || !myTurn || pending || color === null) return;
    setPending({ ...p, color });
    const err = await actions.move(p.x, p.y);
    if (err) {
      setPending(null);
      toast(err);
    }
  }

  async function run(what: "resign" | "takeback") {
    setBusy(true);
    const err = await actions[what]();
    setBusy(false);
    setConfirmResign(false);
    if (err) toast(err);
  }

  async function rematch() {
    setBusy(true);
    const r = await actions.rematch();
    setBusy(false);
    if ("error" in r) toast(r.error);
    else router.push(`/game/${r.gameId}`);
  }

  const top: 1 | 2 = color === 1 ? 2 : color === 2 ? 1 : 2;
  const bottom: 1 | 2 = top === 1 ? 2 : 1;

  return (
    <div
      className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]"
      data-testid="game"
      data-game-id={state.id}
      data-my-color={color ?? "none"}
      data-status={state.status}
    >
      <div className="mx-auto w-full max-w-[min(100%,calc(100vh-7rem))]">
        <Board
          size={state.size}
          stones={stones}
          lastMove={lastMove}
          winLine={state.winLine}
          pending={pending}
          previewColor={myTurn && !pending ? color : null}
          showNumbers={numbers}
          pv={showPv && liveThinking ? liveThinking.pv : null}
          pvFirstColor={state.toMove}
          onPlay={play}
        />
      </div>

      <aside className="flex flex-col gap-3">
        {!connected && (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-900" data-testid="offline">
            Connection lost. Reconnecting…
          </div>
        )}
        {state.status === "finished" && <ResultBanner state={state} me={color} />}

        <div className="card overflow-hidden">
          <PlayerRow state={state} c={top} me={color} clockAt={view.clockAt} />
          <div className="border-y border-line bg-page/40 px-4 py-2.5">
            <StatusLine state={state} me={color} myTurn={myTurn} aiToMove={aiToMove} />
            {aiToMove && <ThinkingLine t={liveThinking} size={state.size} />}
          </div>
          <MoveList moves={state.moves} size={state.size} />
          <PlayerRow state={state} c={bottom} me={color} clockAt={view.clockAt} />
        </div>

        {state.kind === "hvh" && state.status === "waiting" && color !== null && <Invite gameId={state.id} />}

        <div className="flex flex-wrap items-center gap-2">
          {color !== null &&
            state.status === "playing" &&
            (confirmResign ? (
              <span className="flex items-center gap-2 rounded-lg bg-danger/10 px-2 py-1 text-sm" data-testid="resign-confirm">
                Resign this game?
                <button className="btn-danger px-3 py-1" onClick={() => run("resign")} disabled={busy}>
                  Yes, resign
                </button>
                <button className="btn-ghost px-3 py-1" onClick={() => setConfirmResign(false)}>
                  No
                </button>
              </span>
            ) : (
              <button className="btn-ghost" onClick={() => setConfirmResign(true)} data-testid="resign">
                ⚑ Resign
              </button>
            ))}
          {canTakeback && (
            <button className="btn-ghost" onClick={() => run("takeback")} disabled={busy} data-testid="takeback" title="Take back your last move">
              ↶ Takeback
            </button>
          )}
          {color !== null && state.status === "finished" && (
            <button className="btn-primary" onClick={rematch} disabled={busy} data-testid="rematch">
              {state.rematchId && state.kind === "hvh" ? "↻ Accept rematch" : "↻ Rematch"}
            </button>
          )}
          {color === null && state.rematchId && (
            <Link href={`/game/${state.rematchId}?watch=1`} className="btn-ghost" data-testid="watch-rematch">
              Watch the rematch
            </Link>
          )}
          {state.status === "finished" && (
            <Link href="/" className="btn-ghost">
              New game
            </Link>
          )}
        </div>

        <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-accent"
              checked={numbers}
              onChange={(e) => setNumbers(e.target.checked)}
              data-testid="toggle-numbers"
            />
            Move numbers
          </label>
          {state.kind !== "hvh" && (
            <label className="flex cursor-pointer items-center gap-2">
              <input type="checkbox" className="size-4 accent-accent" checked={showPv} onChange={(e) => setShowPv(e.target.checked)} />
              Show AI&apos;s line
            </label>
          )}
          <span className="ml-auto flex items-center gap-1.5" data-testid="spectators" data-count={state.spectators}>
            <EyeIcon /> {state.spectators} watching
          </span>
        </div>

        <p className="text-xs text-muted">
          {state.size}×{state.size} · {state.rule === "exact5" ? "exactly five" : "freestyle"}
          {state.opening.length > 0 && " · lab opening"}
          {state.clock && ` · ${state.clock.settings.initialMs / 60_000}+${state.clock.settings.incrementMs / 1000}`}
          {color === null && " · you are watching"}
        </p>
      </aside>
    </div>
  );
}

function PlayerRow({ state, c, me, clockAt }: { state: GameState; c: 1 | 2; me: 1 | 2 | null; clockAt: number }) {
  const seat = c === 1 ? state.black : state.white;
  const mine = me === c;
  const toMove = state.status === "playing" && state.toMove === c;
  const clock = state.clock;
  let since = clockAt;
  if (clock) {
    const at = Date.parse(clock.at);
    if (Number.isFinite(at)) since = Math.min(at, clockAt);
  }
  return (
    <div className={`flex items-center gap-3 px-4 py-3 ${toMove ? "bg-wood/25" : ""}`} data-testid={`player-${c === 1 ? "black" : "white"}`}>
      <span
        className={`size-5 shrink-0 rounded-full shadow ${c === 1 ? "bg-gradient-to-br from-neutral-600 to-black" : "border border-neutral-300 bg-gradient-to-br from-white to-neutral-200"}`}
        aria-label={c === 1 ? "black" : "white"}
      />
      <div className="min-w-0 flex-1">
        <div className="truncate font-semibold">
          {seatName(seat, mine, me === null)}
          {seat.kind === "human" && seat.taken && !mine && (
            <span
              className={`ml-2 inline-block size-2 rounded-full align-middle ${seat.connected ? "bg-accent" : "bg-neutral-300"}`}
              title={seat.connected ? "online" : "offline"}
            />
          )}
        </div>
        <div className="text-xs text-muted">{colorName(c)}</div>
      </div>
      {clock && <Clock ms={c === 1 ? clock.blackMs : clock.whiteMs} running={toMove} since={since} testId={`clock-${c === 1 ? "black" : "white"}`} />}
    </div>
  );
}

function StatusLine({ state, me, myTurn, aiToMove }: { state: GameState; me: 1 | 2 | null; myTurn: boolean; aiToMove: boolean }) {
  let text: string;
  if (state.status === "waiting") text = me !== null ? "Waiting for your opponent to open the link" : "Waiting for a second player";
  else if (state.status === "finished") text = "Game over";
  else if (myTurn) text = `Your move (${colorName(me!).toLowerCase()})`;
  else if (aiToMove) text = "AI is thinking…";
  else if (me !== null) text = `Opponent's move (${colorName(state.toMove).toLowerCase()})`;
  else text = `${colorName(state.toMove)} to move`;
  return (
    <p className="flex items-center gap-2 font-semibold" data-testid="status" role="status" data-my-turn={myTurn}>
      {myTurn && <span className="size-2 animate-pulse rounded-full bg-accent" />}
      {text}
    </p>
  );
}

function ThinkingLine({ t, size }: { t: Thinking | null; size: number }) {
  return (
    <div className="mt-1 min-h-5 text-xs text-muted" data-testid="thinking">
      {t && t.depth > 0 ? (
        <>
          depth <span className="font-semibold text-ink tabular-nums">{t.depth}</span>
          {" · "}
          <span className={`tabular-nums ${scoreTone(t.score)}`} title="From the AI's side">
            {formatScore(t.score)}
          </span>
          {" · "}
          <span className="font-mono">
            {t.pv
              .slice(0, 8)
              .map((p) => toLabel(p, size))
              .join(" ")}
          </span>
          <span className="tabular-nums">
            {" "}
            · {formatNodes(t.nodes)} {t.top ? "playouts" : "nodes"}
          </span>
          {t.top && t.top.length > 0 && (
            <span className="block font-mono tabular-nums" data-testid="thinking-top" title="MCTS: most-visited moves, visits (win rate for the AI)">
              {t.top
                .slice(0, 4)
                .map((m) => `${toLabel(m, size)} ${formatNodes(m.visits)} (${Math.round(m.winRate * 100)}%)`)
                .join(" · ")}
            </span>
          )}
        </>
      ) : (
        "thinking…"
      )}
    </div>
  );
}

function formatNodes(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${Math.round(n / 1e3)}k` : String(n);
}

function ResultBanner({ state, me }: { state: GameState; me: 1 | 2 | null }) {
  const { title, detail } = resultText(state, me);
  const good = me !== null && state.result === (me === 1 ? "black" : "white");
  const bad = me !== null && state.result !== "draw" && !good;
  return (
    <div
      role="status"
      data-testid="result-banner"
      data-result={state.result ?? ""}
      data-reason={state.reason ?? ""}
      className={`card px-5 py-4 text-center ${good ? "border-accent bg-accent/10" : bad ? "border-danger/40 bg-danger/5" : ""}`}
    >
      <div className="text-2xl font-bold">{title}</div>
      {detail && <div className="mt-0.5 text-sm text-muted">{detail}</div>}
    </div>
  );
}

function Invite({ gameId }: { gameId: string }) {
  const toast = useToast();
  // The path from the first paint (server and client agree on it); the full address once mounted.
  const [url, setUrl] = useState(`/game/${gameId}`);
  useEffect(() => setUrl(`${window.location.origin}/game/${gameId}`), [gameId]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const el = document.getElementById("invite-url") as HTMLInputElement | null;
      el?.select();
      document.execCommand?.("copy");
    }
    toast("Invite link copied", "info");
  }
  return (
    <div className="card border-accent/40 p-4" data-testid="invite">
      <div className="mb-1 font-semibold">Invite a friend</div>
      <p className="mb-2 text-sm text-muted">The first person to open this link plays you. Anyone after that watches.</p>
      <div className="flex gap-2">
        <input
          id="invite-url"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="select min-w-0 flex-1 font-mono text-xs"
          data-testid="invite-link"
          aria-label="Invite link"
        />
        <button className="btn-primary" onClick={copy} data-testid="copy-invite">
          Copy
        </button>
      </div>
    </div>
  );
}

function EyeIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
