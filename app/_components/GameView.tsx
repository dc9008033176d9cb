"use client";
// The game page: board, players and clocks, status, the AI's live search, moves, actions.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import type { GameState, Thinking } from "@/lib/shared/protocol";
import type { Point } from "@/engine";
import { cellsOf, forbiddenPoints } from "@/engine";
import { analysisHref, fromState } from "@/lib/shared/replay/game";
import { toLabel } from "@/lib/shared/notation";
import { useGame } from "@/lib/client/useGame";
import { useAnalysis } from "@/lib/client/useAnalysis";
import { takebackRefusal } from "@/lib/shared/takeback";
import { Board, type BoardStone } from "./Board";
import { MoveList, scoreTone } from "./MoveList";
import { Clock } from "./Clock";
import { FirstMoveCountdown } from "./FirstMoveCountdown";
import { UnratedNotice } from "./UnratedNotice";
import { useToast } from "./Toast";
import { OffscreenNotice } from "./OffscreenNotice";
import { PlayerLink, diffText, ratingText } from "./PlayerLink";
import { useTranslations } from "next-intl";
import { useColorName, useEngineLabel, useErrorText, useNumbers, useRuleWords, useScoreText } from "./i18n/words";
import { useSwap2Prompt } from "./i18n/swap2";
import { openingPlies, seatOfRole, swap2Phase, swap2Role, type Swap2Choice, type Swap2Phase } from "@/lib/shared/swap2";

/** The result's headline and its one-line reason, in the reader's language. */
export function useResultText(): (s: GameState, me: 1 | 2 | null) => { title: string; detail: string } {
  const t = useTranslations("game.result");
  return (s, me) => {
    if (s.reason === "abort") return { title: t("aborted"), detail: t("abortedDetail") };
    if (s.result === "draw") return { title: t("draw"), detail: s.reason === "full" ? t("full") : s.reason === "agreement" ? t("agreement") : "" };
    const winner: 1 | 2 = s.result === "black" ? 1 : 2;
    const w = winner === 1 ? "black" : "white";
    const l = winner === 1 ? "white" : "black";
    const title = me === null ? t("wins", { color: w }) : me === winner ? t("youWin") : t("youLose");
    const detail =
      s.reason === "five"
        ? t(s.rule === "exact5" || (s.rule === "renju" && winner === 1) ? "exactFive" : "five", { color: w })
        : s.reason === "resign"
          ? t("resigned", { color: l })
          : s.reason === "timeout"
            ? t("timeout", { color: l })
            : s.reason === "abandon"
              ? t("abandon", { color: l, winner: w })
              : "";
    return { title, detail };
  };
}

export function GameView({ gameId, watchOnly }: { gameId: string; watchOnly: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [view, actions] = useGame(gameId, { watchOnly });
  const { state, color, thinking, connected, loadError } = view;
  // Once the game is over it may be analysed (from its replay, or ANALYSIS_AUTO): the move list shows those scores.
  const [{ analysis }] = useAnalysis(state?.status === "finished" ? gameId : null);
  const [pending, setPending] = useState<BoardStone | null>(null);
  const [numbers, setNumbers] = useState(false);
  const [showPv, setShowPv] = useState(true);
  const [confirmResign, setConfirmResign] = useState(false);
  const [busy, setBusy] = useState(false);
  const t = useTranslations("game");
  const tEndings = useTranslations("game.endings");
  const errorText = useErrorText();
  const ruleWords = useRuleWords();
  // The buttons that answer an offer (OffscreenNotice points to them when they are out of sight).
  const controls = useRef<HTMLDivElement>(null);

  const plies = state?.moves.length ?? 0;
  useEffect(() => setPending(null), [plies]);
  useEffect(() => {
    if (state?.status !== "playing") setConfirmResign(false);
  }, [state?.status]);

  const stones = useMemo<BoardStone[]>(() => {
    if (!state) return [];
    return [...state.opening.map((s) => ({ x: s.x, y: s.y, color: s.color })), ...state.moves.map((m) => ({ x: m.x, y: m.y, color: m.color, n: m.ply }))];
  }, [state]);
  // Renju: black's forbidden points, marked while black is to move (the engine's own rule check).
  const renjuBlackToMove = state?.rule === "renju" && state.status === "playing" && state.toMove === 1;
  const forbidden = useMemo(
    () => (renjuBlackToMove && state ? forbiddenPoints(state.size, cellsOf(state.size, stones)) : null),
    [renjuBlackToMove, state, stones],
  );

  if (loadError && !state) {
    return (
      <div className="card mx-auto max-w-md p-6 text-center" data-testid="load-error">
        <h1 className="mb-2 text-xl font-bold">{t("cannotOpen")}</h1>
        <p className="mb-4 text-muted">{errorText(loadError)}</p>
        <Link href="/" className="btn-primary">
          {t("backToLobby")}
        </Link>
      </div>
    );
  }
  if (!state) {
    return (
      <div className="grid place-items-center py-24 text-muted" data-testid="loading">
        {t("loading")}
      </div>
    );
  }

  // Swap2: until the colours are settled, the seat that acts (places or chooses) need not hold the next stone's colour.
  const phase: Swap2Phase = state.swap2 ? swap2Phase(state.swap2, state.moves.length) : "settled";
  const role = swap2Role(phase);
  const actor: 1 | 2 = role ? seatOfRole(role) : state.toMove;
  const myAct = state.status === "playing" && color !== null && actor === color;
  const choosing = myAct && (phase === "choose3" || phase === "choose5");
  const myTurn = myAct && !choosing;
  const actorSeat = actor === 1 ? state.black : state.white;
  const aiToMove = state.status === "playing" && actorSeat.kind === "engine";
  const last = state.moves[state.moves.length - 1];
  const lastMove: Point | null = last ? { x: last.x, y: last.y } : null;
  const liveThinking = aiToMove && thinking && thinking.ply === state.moves.length + 1 ? thinking : null;
  const canTakeback = color !== null && takebackRefusal(state, color) === null;
  // A waiting game whose other seat is kept for someone (a rematch): who.
  const awaited = state.status === "waiting" && color !== null ? reservedFor(state, color) : null;
  // What asks for my answer now: a draw or a rematch offered to me, an opponent gone on their turn.
  const opponent = color === 1 ? 2 : 1;
  const notice =
    color === null
      ? null
      : state.status === "playing" && state.drawOffer === opponent
        ? tEndings("drawOffered")
        : state.status === "playing" && state.claimableAt && actor === opponent && bothMoved(state)
          ? tEndings("claimTitle")
          : state.status === "finished" && state.kind === "hvh" && state.rematchId
            ? tEndings("rematchOffered")
            : null;

  async function play(p: Point) {
    if (!state || !myTurn || pending || color === null) return;
    setPending({ ...p, color: state.toMove });
    const err = await actions.move(p.x, p.y);
    if (err) {
      setPending(null);
      toast(errorText(err));
    }
  }

  async function run(what: "resign" | "takeback" | "abort" | "offerDraw" | "acceptDraw" | "declineDraw" | "claim") {
    setBusy(true);
    const err = await actions[what]();
    setBusy(false);
    setConfirmResign(false);
    if (err) toast(errorText(err));
  }

  async function choose(choice: Swap2Choice) {
    setBusy(true);
    const err = await actions.chooseSwap2(choice);
    setBusy(false);
    if (err) toast(errorText(err));
  }

  async function rematch() {
    setBusy(true);
    const r = await actions.rematch();
    setBusy(false);
    if ("error" in r) toast(errorText(r.error));
    else router.push(`/game/${r.gameId}`);
  }

  const top: 1 | 2 = color === 1 ? 2 : color === 2 ? 1 : 2;
  const bottom: 1 | 2 = top === 1 ? 2 : 1;

  return (
    <div
      className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_26rem]"
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
          previewColor={myTurn && !pending ? state.toMove : null}
          showNumbers={numbers}
          pv={showPv && liveThinking ? liveThinking.pv : null}
          pvFirstColor={state.toMove}
          onPlay={play}
          forbidden={forbidden}
        />
      </div>

      <aside className="flex flex-col gap-3">
        {!connected && (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-900" data-testid="offline">
            {t("offline")}
          </div>
        )}
        {state.status === "finished" && <ResultBanner state={state} me={color} />}

        <div className="card overflow-hidden">
          <PlayerRow state={state} c={top} me={color} clockAt={view.clockAt} actor={actor} />
          <div className="border-y border-line bg-page/40 px-4 py-2.5">
            <StatusLine state={state} me={color} myTurn={myAct} aiToMove={aiToMove} phase={phase} actor={actor} />
            {state.unrated && <UnratedNotice note={state.unrated} />}
            {aiToMove && <ThinkingLine t={liveThinking} size={state.size} />}
            {choosing && <Swap2Choices phase={phase} busy={busy} choose={(c) => void choose(c)} />}
          </div>
          <MoveList moves={state.moves} size={state.size} swap2={state.swap2} analysis={analysis} />
          <PlayerRow state={state} c={bottom} me={color} clockAt={view.clockAt} actor={actor} />
        </div>

        {state.kind === "hvh" && state.status === "waiting" && color !== null && (awaited ? <Reserved name={awaited} /> : <Invite gameId={state.id} />)}

        <div ref={controls} className="flex flex-wrap items-center gap-2">
          {color !== null &&
            state.status === "playing" &&
            (confirmResign ? (
              <span className="flex items-center gap-2 rounded-lg bg-danger/10 px-2 py-1 text-sm" data-testid="resign-confirm">
                {t("resignConfirm")}
                <button className="btn-danger px-3 py-1" onClick={() => run("resign")} disabled={busy}>
                  {t("resignYes")}
                </button>
                <button className="btn-ghost px-3 py-1" onClick={() => setConfirmResign(false)}>
                  {t("resignNo")}
                </button>
              </span>
            ) : (
              <button className="btn-ghost" onClick={() => setConfirmResign(true)} data-testid="resign">
                ⚑ {t("resign")}
              </button>
            ))}
          {canTakeback && (
            <button className="btn-ghost" onClick={() => run("takeback")} disabled={busy} data-testid="takeback" title={t("takebackTitle")}>
              ↶ {t("takeback")}
            </button>
          )}
          {color !== null && state.status === "playing" && <EarlyEndings state={state} me={color} busy={busy} run={(what) => void run(what)} />}
          {color !== null && state.status === "finished" && (
            <button className="btn-primary" onClick={rematch} disabled={busy} data-testid="rematch">
              ↻ {state.rematchId && state.kind === "hvh" ? t("acceptRematch") : t("rematch")}
            </button>
          )}
          {color === null && state.rematchId && (
            <Link href={`/game/${state.rematchId}?watch=1`} className="btn-ghost" data-testid="watch-rematch">
              {t("watchRematch")}
            </Link>
          )}
          {state.status === "finished" && (
            <Link href={`/replay/${state.id}`} className="btn-ghost" data-testid="replay-game">
              {t("replayGame")}
            </Link>
          )}
          {state.status === "finished" && (
            <Link href={analysisHref(fromState(state))} className="btn-ghost" data-testid="analyse-game">
              {t("analysisBoard")}
            </Link>
          )}
          {state.status === "finished" && (
            <Link href="/" className="btn-ghost">
              {t("newGame")}
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
            {t("moveNumbers")}
          </label>
          {state.kind !== "hvh" && state.kind !== "imported" && (
            <label className="flex cursor-pointer items-center gap-2">
              <input type="checkbox" className="size-4 accent-accent" checked={showPv} onChange={(e) => setShowPv(e.target.checked)} />
              {t("showLine")}
            </label>
          )}
          <span className="ml-auto flex items-center gap-1.5" data-testid="spectators" data-count={state.spectators}>
            <EyeIcon /> {t("watching", { n: state.spectators })}
          </span>
        </div>

        <p className="text-xs text-muted">
          {state.size}×{state.size} · {ruleWords.text(state.rule)}
          {state.opening.length > 0 && ` · ${t("labOpening")}`}
          {state.swap2 && ` · ${t("swap2Label")}`}
          {state.clock && ` · ${state.clock.settings.initialMs / 60_000}+${state.clock.settings.incrementMs / 1000}`}
          {color === null && ` · ${t("youAreWatching")}`}
        </p>
      </aside>
      <OffscreenNotice text={notice} target={controls} />
    </div>
  );
}

function PlayerRow({ state, c, me, clockAt, actor }: { state: GameState; c: 1 | 2; me: 1 | 2 | null; clockAt: number; actor: 1 | 2 }) {
  const seat = c === 1 ? state.black : state.white;
  const mine = me === c;
  const toMove = state.status === "playing" && actor === c;
  const clock = state.clock;
  const t = useTranslations("game");
  const colorName = useColorName();
  const engineLabel = useEngineLabel();
  const seatName = () =>
    seat.kind === "engine" ? engineLabel(seat.engine) : mine ? t("you") : !seat.taken ? t("waitingForPlayer") : me === null ? t("player") : t("opponent");
  let since = clockAt;
  if (clock) {
    const at = Date.parse(clock.at);
    if (Number.isFinite(at)) since = Math.min(at, clockAt);
  }
  return (
    <div className={`flex items-center gap-3 px-4 py-3 ${toMove ? "bg-wood/25" : ""}`} data-testid={`player-${c === 1 ? "black" : "white"}`}>
      <span
        className={`size-5 shrink-0 rounded-full shadow ${c === 1 ? "bg-gradient-to-br from-neutral-600 to-black" : "border border-neutral-300 bg-gradient-to-br from-white to-neutral-200"}`}
        aria-label={colorName(c, true)}
      />
      <div className="min-w-0 flex-1">
        {/* A long name gives way (an ellipsis), never the rating beside it. */}
        <div className="flex min-w-0 items-baseline font-semibold" data-testid={`seat-line-${c === 1 ? "black" : "white"}`}>
          {seat.kind === "human" && seat.player ? (
            <>
              <PlayerLink name={seat.player.name} className="min-w-0 truncate" testId={`name-${c === 1 ? "black" : "white"}`} />
              {mine && <span className="ml-1 shrink-0 text-xs font-normal text-muted">{t("youParen")}</span>}
              {seat.player.rating !== undefined && (
                <span className="ml-1.5 shrink-0 text-sm font-normal text-muted tabular-nums" data-testid={`rating-${c === 1 ? "black" : "white"}`}>
                  {ratingText(seat.player.rating, seat.player.provisional)}
                </span>
              )}
              {seat.player.diff !== undefined && <RatingDiff diff={seat.player.diff} />}
            </>
          ) : (
            <span className="min-w-0 truncate">{seatName()}</span>
          )}
          {seat.kind === "human" && seat.taken && !mine && (
            <span
              className={`ml-2 size-2 shrink-0 self-center rounded-full ${seat.connected ? "bg-accent" : "bg-neutral-300"}`}
              title={seat.connected ? t("online") : t("offlineDot")}
            />
          )}
        </div>
        <div className="text-xs text-muted">{colorName(c)}</div>
        {toMove && clock?.firstMoveBy && <FirstMoveCountdown clock={clock} since={since} mine={mine} testId={`first-move-${c === 1 ? "black" : "white"}`} />}
      </div>
      {clock && (
        <Clock ms={c === 1 ? clock.blackMs : clock.whiteMs} running={toMove && !clock.paused} since={since} testId={`clock-${c === 1 ? "black" : "white"}`} />
      )}
    </div>
  );
}

function StatusLine({
  state,
  me,
  myTurn,
  aiToMove,
  phase,
  actor,
}: {
  state: GameState;
  me: 1 | 2 | null;
  myTurn: boolean;
  aiToMove: boolean;
  phase: Swap2Phase;
  actor: 1 | 2;
}) {
  const t = useTranslations("game.status");
  const phasePrompt = useSwap2Prompt();
  const colorKey = (c: 1 | 2) => (c === 1 ? "black" : "white");
  let text: string;
  if (state.status === "waiting") {
    const awaited = me !== null ? reservedFor(state, me) : null;
    text = awaited ? t("waitingFor", { name: awaited }) : me !== null ? t("waitingLink") : t("waitingSecond");
  } else if (state.status === "finished") text = t("over");
  else if (phase !== "settled") text = phasePrompt(phase, state.moves.length, me === actor ? "me" : me !== null ? "opponent" : "watcher");
  else if (myTurn) text = t("yourMove", { color: colorKey(me!) });
  else if (aiToMove) text = t("aiThinking");
  else if (me !== null) text = t("opponentMove", { color: colorKey(state.toMove) });
  else text = t("toMove", { color: colorKey(state.toMove) });
  return (
    <p className="flex items-center gap-2 font-semibold" data-testid="status" role="status" data-my-turn={myTurn}>
      {myTurn && <span className="size-2 animate-pulse rounded-full bg-accent" />}
      {text}
    </p>
  );
}

function ThinkingLine({ t, size }: { t: Thinking | null; size: number }) {
  const tr = useTranslations("game.thinking");
  const formatScore = useScoreText();
  const { compact: formatNodes } = useNumbers();
  return (
    <div className="mt-1 min-h-5 text-xs text-muted" data-testid="thinking">
      {t && t.depth > 0 ? (
        <>
          {tr("depth")} <span className="font-semibold text-ink tabular-nums">{t.depth}</span>
          {" · "}
          <span className={`tabular-nums ${scoreTone(t.score)}`} title={tr("aiSide")}>
            {formatScore(t.score)}
          </span>
          {" · "}
          <span className="font-mono">
            {t.pv
              .slice(0, 8)
              .map((p) => toLabel(p, size))
              .join(" ")}
          </span>
          <span className="tabular-nums"> · {tr(t.top ? "playouts" : "nodes", { n: formatNodes(t.nodes) })}</span>
          {t.top && t.top.length > 0 && (
            <span className="block font-mono tabular-nums" data-testid="thinking-top" title={tr("mctsTop")}>
              {t.top
                .slice(0, 4)
                .map((m) => `${toLabel(m, size)} ${formatNodes(m.visits)} (${Math.round(m.winRate * 100)}%)`)
                .join(" · ")}
            </span>
          )}
        </>
      ) : (
        tr("thinking")
      )}
    </div>
  );
}

function ResultBanner({ state, me }: { state: GameState; me: 1 | 2 | null }) {
  const { title, detail } = useResultText()(state, me);
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
      {state.rated && <RatingChanges state={state} />}
    </div>
  );
}

/** Both players' rating changes under the result (+12 / −9), once a rated game is over. */
function RatingChanges({ state }: { state: GameState }) {
  const rows = ([1, 2] as const).flatMap((c) => {
    const seat = c === 1 ? state.black : state.white;
    return seat.kind === "human" && seat.player?.diff !== undefined ? [{ c, player: seat.player, diff: seat.player.diff }] : [];
  });
  if (!rows.length) return state.reason === "abort" ? null : <RatingPending />;
  return (
    // Wraps to two lines, and a long name is cut (whole in its title), on a phone's width.
    <div className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm" data-testid="rating-changes">
      {rows.map(({ c, player, diff }) => (
        <span
          key={c}
          className="flex min-w-0 max-w-full items-baseline"
          title={player.name}
          data-testid={`rating-change-${c === 1 ? "black" : "white"}`}
          data-diff={diff}
        >
          <PlayerLink name={player.name} className="min-w-0 truncate font-semibold" />
          {player.rating !== undefined && <span className="ml-1 shrink-0 tabular-nums">{ratingText(player.rating, player.provisional)}</span>}
          <RatingDiff diff={diff} />
        </span>
      ))}
    </div>
  );
}

function RatingDiff({ diff }: { diff: number }) {
  return (
    <span className={`ml-1 shrink-0 font-semibold tabular-nums ${diff > 0 ? "text-accent-dark" : diff < 0 ? "text-danger" : "text-muted"}`}>
      {diffText(diff)}
    </span>
  );
}

function RatingPending() {
  const t = useTranslations("game.result");
  return <div className="mt-1 text-xs text-muted">{t("ratingPending")}</div>;
}

/** Swap2: the choice buttons for the player who chooses (the server checks it all again). */
function Swap2Choices({ phase, busy, choose }: { phase: Swap2Phase; busy: boolean; choose: (c: Swap2Choice) => void }) {
  const three = phase === "choose3";
  const t = useTranslations("game.swap2");
  return (
    <div className="mt-2 flex flex-wrap gap-2" data-testid="swap2-choices" role="group" aria-label={t("choice")}>
      <button className="btn-primary px-3 py-1" onClick={() => choose("black")} disabled={busy} data-testid="swap2-black">
        ● {t("takeBlack")}
      </button>
      <button className="btn-ghost px-3 py-1" onClick={() => choose("white")} disabled={busy} data-testid="swap2-white">
        ○ {three ? t("stayWhite") : t("takeWhite")}
      </button>
      {three && (
        <button className="btn-ghost px-3 py-1" onClick={() => choose("place")} disabled={busy} data-testid="swap2-place">
          ＋ {t("placeTwo")}
        </button>
      )}
    </div>
  );
}

type EarlyEnding = "abort" | "offerDraw" | "acceptDraw" | "declineDraw" | "claim";

/** Abort, draw offers and claiming the win, where they apply (the server decides: lib/server/games/endings). */
function EarlyEndings({ state, me, busy, run }: { state: GameState; me: 1 | 2; busy: boolean; run: (what: EarlyEnding) => void }) {
  const betweenPeople = state.black.kind === "human" && state.white.kind === "human";
  const claimAt = state.claimableAt ? Date.parse(state.claimableAt) : null;
  const t = useTranslations("game.endings");
  const [now, setNow] = useState(() => Date.now());
  // Count down to the moment a claim is allowed.
  useEffect(() => {
    if (claimAt === null) return;
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, [claimAt]);
  const opponent = me === 1 ? 2 : 1;
  // My offer gone while the game goes on at the same ply: the opponent declined it. Say so, and keep
  // the offer button away until the game has moved on (the server refuses a repeat in that position).
  const [declinedAt, setDeclinedAt] = useState<number | null>(null);
  const lastOffer = useRef(state.drawOffer);
  useEffect(() => {
    if (lastOffer.current === me && state.drawOffer == null && state.status === "playing") setDeclinedAt(state.moves.length);
    lastOffer.current = state.drawOffer;
  }, [state.drawOffer, state.status, state.moves.length, me]);
  const declinedHere = declinedAt === state.moves.length;
  // Swap2: abort stays open through the opening (no clock runs there) and until each side has moved after it.
  const inOpening = !!state.swap2 && swap2Phase(state.swap2, state.moves.length) !== "settled";
  const afterOpening = state.moves.length - (state.swap2 ? (openingPlies(state.swap2) ?? 0) : 0);
  const actor = state.swap2 && inOpening ? seatOfRole(swap2Role(swap2Phase(state.swap2, state.moves.length))!) : state.toMove;
  // Before both have moved there is no win to claim (the server would abort): the abort button is there.
  const abortable = inOpening || afterOpening < 2;
  const claimable = claimAt !== null && actor === opponent && !abortable;
  return (
    <>
      {abortable && (
        <button className="btn-ghost" onClick={() => run("abort")} disabled={busy} data-testid="abort" title={t("abortTitle")}>
          ✕ {t("abort")}
        </button>
      )}
      {betweenPeople && state.drawOffer === opponent && (
        <span className="flex items-center gap-2 rounded-lg bg-wood/25 px-2 py-1 text-sm" data-testid="draw-offered-to-me">
          {t("drawOffered")}
          <button className="btn-primary px-3 py-1" onClick={() => run("acceptDraw")} disabled={busy} data-testid="accept-draw">
            {t("accept")}
          </button>
          <button className="btn-ghost px-3 py-1" onClick={() => run("declineDraw")} disabled={busy} data-testid="decline-draw">
            {t("decline")}
          </button>
        </span>
      )}
      {betweenPeople && state.drawOffer === me && (
        <span className="text-sm text-muted" data-testid="draw-offered">
          {t("drawOfferedByMe")}
        </span>
      )}
      {betweenPeople && state.drawOffer == null && declinedHere && (
        <span className="text-sm text-muted" data-testid="draw-declined">
          {t("drawDeclined")}
        </span>
      )}
      {betweenPeople && state.drawOffer == null && !declinedHere && !abortable && (
        <button className="btn-ghost" onClick={() => run("offerDraw")} disabled={busy} data-testid="offer-draw">
          ½ {t("offerDraw")}
        </button>
      )}
      {claimable && (
        <button className="btn-primary" onClick={() => run("claim")} disabled={busy || now < claimAt} data-testid="claim" title={t("claimTitle")}>
          {now < claimAt ? t("claimIn", { seconds: Math.ceil((claimAt - now) / 1000) }) : t("claim")}
        </button>
      )}
    </>
  );
}

/** Each side has made its first own move (after a swap2 opening): from then on a win can be claimed, no game aborted. */
function bothMoved(state: GameState): boolean {
  const settled = !state.swap2 || swap2Phase(state.swap2, state.moves.length) === "settled";
  return settled && state.moves.length - (state.swap2 ? (openingPlies(state.swap2) ?? 0) : 0) >= 2;
}

/** The player the other seat of a waiting game is kept for (a rematch), or null (anyone with the link). */
function reservedFor(state: GameState, me: 1 | 2): string | null {
  const seat = me === 1 ? state.white : state.black;
  return seat.kind === "human" && !seat.taken && seat.player ? seat.player.name : null;
}

/** A rematch offered: who it waits for, and that the seat is theirs alone. */
function Reserved({ name }: { name: string }) {
  const t = useTranslations("game.invite");
  return (
    <div className="card border-accent/40 p-4" data-testid="reserved">
      <div className="mb-1 font-semibold">{t("reservedTitle", { name })}</div>
      <p className="text-sm text-muted">{t("reservedDetail")}</p>
    </div>
  );
}

function Invite({ gameId }: { gameId: string }) {
  const toast = useToast();
  const t = useTranslations("game.invite");
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
    toast(t("copied"), "info");
  }
  return (
    <div className="card border-accent/40 p-4" data-testid="invite">
      <div className="mb-1 font-semibold">{t("title")}</div>
      <p className="mb-2 text-sm text-muted">{t("detail")}</p>
      <div className="flex gap-2">
        <input
          id="invite-url"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="select min-w-0 flex-1 font-mono text-xs"
          data-testid="invite-link"
          aria-label={t("link")}
        />
        <button className="btn-primary" onClick={copy} data-testid="copy-invite">
          {t("copy")}
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
