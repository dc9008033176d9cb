// The socket events' names, once, and what each server → client event carries.
import type { Point } from "../../../engine";
import type { AnalysisUpdate } from "../analysis/view";
import { SOCIAL_CLIENT_EV, SOCIAL_SERVER_EV, type SocialServerToClient } from "../social";
import type { ChatLine } from "./chat";
import type { ClockState, GameEndReason, GameResult, GameState, GameStatus, LobbyState, MoveRecord, Thinking, TvCurrent } from "./views";

/** Event names, once. Client → server: each is answered with an acknowledgement (lib/shared/contract). */
export const CLIENT_EV = {
  create: "game:create",
  createAiMatch: "game:createAiMatch",
  join: "game:join",
  leave: "game:leave",
  move: "game:move",
  /** Swap2: a colour choice (or "place two more") in the opening. */
  swap2: "game:swap2",
  resign: "game:resign",
  takeback: "game:takeback",
  rematch: "game:rematch",
  /** Rated play's early endings (lib/server/games/endings): abort, draw offers, claiming an absent opponent's loss. */
  abort: "game:abort",
  drawOffer: "game:drawOffer",
  drawAccept: "game:drawAccept",
  drawDecline: "game:drawDecline",
  claim: "game:claim",
  list: "games:list",
  tvWatch: "tv:watch",
  /** Follow one tournament's page (its room): EV.tournamentChanged whenever its standings or games change. */
  tournamentWatch: "tournament:watch",
  lobbyWatch: "lobby:watch",
  challengeCreate: "challenge:create",
  challengeAccept: "challenge:accept",
  challengeWithdraw: "challenge:withdraw",
  pairingJoin: "pairing:join",
  pairingLeave: "pairing:leave",
  analysisRequest: "analysis:request",
  analysisGet: "analysis:get",
  /** People (lib/shared/social): search, follows, challenges by name, correspondence turns. */
  ...SOCIAL_CLIENT_EV,
  /** Game chat, blocks and reports (lib/shared/protocol/chat): a message to one of a game's two chats, its kept lines. */
  chatSend: "chat:send",
  chatHistory: "chat:history",
  blockSet: "block:set",
  blockList: "block:list",
  reportCreate: "report:create",
} as const;
export type ClientEvent = (typeof CLIENT_EV)[keyof typeof CLIENT_EV];

/** Server → client. */
export const SERVER_EV = {
  state: "game:state",
  moved: "game:moved",
  thinking: "game:thinking",
  /** A person's move got its score after it was played (the AI pondered their position): the move with it. */
  scored: "game:scored",
  spectators: "game:spectators",
  /** To sockets following the TV (room "tv"): the current TV game changed or ended. */
  tvCurrent: "tv:current",
  /** To sockets following a tournament (EV.tournamentWatch): something changed; read it again (GET /api/tournaments/<id>). */
  tournamentChanged: "tournament:changed",
  /** To sockets following the lobby: the open challenges and pool counts changed. */
  lobby: "lobby:state",
  /** To one player's sockets: a game of theirs started (a challenge accepted, a pairing made). */
  started: "lobby:started",
  /** To a game's room: its analysis moved on (progress, a ply analysed, done or failed). */
  analysis: "analysis:update",
  /** People (lib/shared/social): a challenge by name and its answer, your move in a correspondence game. */
  ...SOCIAL_SERVER_EV,
  /** To one chat of a game (its players', or its spectators'): a new message. */
  chat: "chat:message",
} as const;

export const EV = { ...CLIENT_EV, ...SERVER_EV } as const;

export interface ServerToClient extends SocialServerToClient {
  [EV.state]: (state: GameState) => void;
  /** A committed move, with the game's status after it. Apply if ply === moves.length + 1, else rejoin. */
  [EV.moved]: (e: {
    gameId: string;
    move: MoveRecord;
    status: GameStatus;
    result: GameResult | null;
    reason: GameEndReason | null;
    winLine: Point[] | null;
    clock: ClockState | null;
  }) => void;
  [EV.thinking]: (t: Thinking) => void;
  [EV.scored]: (e: { gameId: string; move: MoveRecord }) => void;
  [EV.spectators]: (e: { gameId: string; count: number }) => void;
  [EV.tvCurrent]: (e: TvCurrent) => void;
  [EV.tournamentChanged]: (e: { id: string }) => void;
  [EV.lobby]: (e: LobbyState) => void;
  [EV.started]: (e: { gameId: string; via: "challenge" | "pairing" }) => void;
  [EV.analysis]: (e: AnalysisUpdate) => void;
  [EV.chat]: (line: ChatLine) => void;
}
