"use client";
// The game page: board, players and clocks, status, the AI's live search, moves, actions. What the
// player may do and answer comes from lib/client/game-view (pure, tested); the parts are in ./game/.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import type { ErrorInfo, GameState } from "@/lib/shared/protocol";
import type { Point } from "@/engine";
import { cellsOf, forbiddenPoints } from "@/engine";
import { useGame } from "@/lib/client/useGame";
import { useAnalysis } from "@/lib/client/useAnalysis";
import { playerView } from "@/lib/client/game-view";
import type { Swap2Choice } from "@/lib/shared/swap2";
import type { BoardStone } from "./Board";
import { PlayBoard } from "./game/PlayBoard";
import { useGameAlerts } from "./alerts/useGameAlerts";
import { usePlayMove } from "./game/usePlayMove";
import { MoveList } from "./MoveList";
import { UnratedNotice } from "./UnratedNotice";
import { CorrespondenceNote } from "./people/CorrespondenceNote";
import { useToast } from "./Toast";
import { OffscreenNotice } from "./OffscreenNotice";
import { useTranslations } from "next-intl";
import { useErrorText } from "./i18n/words";
import { PlayerRow } from "./game/PlayerRow";
import { StatusLine, ThinkingLine } from "./game/StatusLine";
import { ResultBanner } from "./game/ResultBanner";
import { Swap2Choices } from "./game/Swap2Choices";
import { Invite, Reserved } from "./game/Invite";
import { GameActions, type SeatAction } from "./game/GameActions";
import { GameFacts, ViewOptions } from "./game/ViewOptions";
import { MoveAnnouncer, TextPlay } from "./game/TextPlay";
import { ChatPanel } from "./chat/ChatPanel";
import { GameEventBar, useGameEvent } from "./tournaments/GameEventBar";

export function GameView({ gameId, watchOnly }: { gameId: string; watchOnly: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [game, actions] = useGame(gameId, { watchOnly });
  const event = useGameEvent(gameId); // a tournament's game: its event (link back, next pairing followed)
  const { state, color, thinking, connected, loadError } = game;
  // Once the game is over it may be analysed (from its replay, or ANALYSIS_AUTO): the move list shows those scores.
  const [{ analysis }] = useAnalysis(state?.status === "finished" ? gameId : null);
  const [numbers, setNumbers] = useState(false);
  const [showPv, setShowPv] = useState(true);
  const [busy, setBusy] = useState(false);
  const t = useTranslations("game");
  const tA11y = useTranslations("a11y");
  const tEndings = useTranslations("game.endings");
  const errorText = useErrorText();
  // The buttons that answer an offer (OffscreenNotice points to them when they are out of sight).
  const controls = useRef<HTMLDivElement>(null);

  const { pending, play: playAt } = usePlayMove(state, color, actions.move, (err) => toast(errorText(err)));
  const { stones, forbidden } = useBoardStones(state);
  useGameAlerts(state, color, game.clockAt);

  if (!state) return loadError ? <CannotOpen text={errorText(loadError)} /> : <Loading />;

  const view = playerView(state, color);
  const { myTurn, aiToMove, actor } = view;
  const last = state.moves[state.moves.length - 1];
  const lastMove: Point | null = last ? { x: last.x, y: last.y } : null;
  const liveThinking = aiToMove && thinking && thinking.ply === state.moves.length + 1 ? thinking : null;

  const play = (p: Point) => playAt(p, myTurn);

  /** One request at a time: the buttons wait for its answer; a refusal is told. */
  async function send(request: () => Promise<ErrorInfo | null>) {
    setBusy(true);
    const err = await request();
    setBusy(false);
    if (err) toast(errorText(err));
  }
  const run = (what: SeatAction) => send(() => actions[what]());
  const choose = (choice: Swap2Choice) => send(() => actions.chooseSwap2(choice));

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
        <PlayBoard
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
        <h1 className="sr-only">{tA11y("gameHeading", { size: state.size })}</h1>
        <MoveAnnouncer state={state} me={color} />
        {!connected && (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-900" data-testid="offline">
            {t("offline")}
          </div>
        )}
        {state.status === "finished" && <ResultBanner state={state} me={color} />}
        {event && <GameEventBar gameId={state.id} event={event} color={color} moves={state.moves} over={state.status === "finished"} />}

        <div className="card overflow-hidden">
          <PlayerRow state={state} c={top} me={color} clockAt={game.clockAt} actor={actor} />
          <div className="border-y border-line bg-page/40 px-4 py-2.5">
            <StatusLine state={state} me={color} view={view} />
            {state.unrated && <UnratedNotice note={state.unrated} />}
            {state.correspondence && <CorrespondenceNote corr={state.correspondence} />}
            {aiToMove && <ThinkingLine t={liveThinking} size={state.size} />}
            {view.choosing && <Swap2Choices phase={view.phase} busy={busy} choose={(c) => void choose(c)} />}
          </div>
          <MoveList moves={state.moves} size={state.size} swap2={state.swap2} analysis={analysis} endsInFive={state.reason === "five"} />
          <PlayerRow state={state} c={bottom} me={color} clockAt={game.clockAt} actor={actor} />
        </div>

        <TextPlay state={state} me={color} stones={stones} canPlay={myTurn && !pending} play={(p) => void play(p)} />

        {state.kind === "hvh" &&
          state.status === "waiting" &&
          color !== null &&
          (view.awaited ? <Reserved name={view.awaited} /> : <Invite gameId={state.id} />)}

        <GameActions state={state} me={color} view={view} busy={busy} run={run} rematch={event ? undefined : () => void rematch()} controls={controls} />
        <ViewOptions state={state} numbers={numbers} setNumbers={setNumbers} showPv={showPv} setShowPv={setShowPv} />
        <GameFacts state={state} me={color} />
        {/* Two chats, kept apart: the players' (person against person) and the spectators'. */}
        {(color !== null ? state.kind === "hvh" : state.kind !== "imported") && (
          <ChatPanel gameId={state.id} channel={color !== null ? "players" : "spectators"} live connected={connected} />
        )}
      </aside>
      <OffscreenNotice text={view.notice && tEndings(view.notice)} target={controls} />
    </div>
  );
}

/** The stones on the board, and (renju, black to move) black's forbidden points: the engine's own rule check. */
function useBoardStones(state: GameState | null) {
  const stones = useMemo<BoardStone[]>(() => {
    if (!state) return [];
    return [...state.opening.map((s) => ({ x: s.x, y: s.y, color: s.color })), ...state.moves.map((m) => ({ x: m.x, y: m.y, color: m.color, n: m.ply }))];
  }, [state]);
  const renjuBlackToMove = state?.rule === "renju" && state.status === "playing" && state.toMove === 1;
  const forbidden = useMemo(
    () => (renjuBlackToMove && state ? forbiddenPoints(state.size, cellsOf(state.size, stones)) : null),
    [renjuBlackToMove, state, stones],
  );
  return { stones, forbidden };
}

function CannotOpen({ text }: { text: string }) {
  const t = useTranslations("game");
  return (
    <div className="card mx-auto max-w-md p-6 text-center" data-testid="load-error">
      <h1 className="mb-2 text-xl font-bold">{t("cannotOpen")}</h1>
      <p className="mb-4 text-muted">{text}</p>
      <Link href="/" className="btn-primary">
        {t("backToLobby")}
      </Link>
    </div>
  );
}

function Loading() {
  const t = useTranslations("game");
  return (
    <div className="grid place-items-center py-24 text-muted" data-testid="loading">
      {t("loading")}
    </div>
  );
}
