// The map of the client → server events: for each, the schema of its payload and of its
// acknowledgement's data. Everything else follows from it: the server parses payloads with it
// and its handlers are checked against it (lib/server/realtime/handlers), the browser's request()
// is typed by it (lib/client/socket), and socket.io's ClientToServer events are derived from it.
// Browser-safe: no Node APIs here.
import { z } from "./zod";
import {
  ColorSchema,
  CreateAiMatchSchema,
  CreateGameSchema,
  EV,
  JoinGameSchema,
  LeaveGameSchema,
  ListGamesSchema,
  MoveSchema,
  Swap2ChooseSchema,
  SeatActionSchema,
  TvWatchSchema,
  TournamentWatchSchema,
  LobbyWatchSchema,
  ChallengeCreateSchema,
  ChallengeIdSchema,
  PairingJoinSchema,
  AnalysisGameSchema,
  type Ack,
  type ClientEvent,
  type GameState,
  type GameSummary,
  type ChallengeView,
  type LobbyState,
  type TvCurrent,
} from "./protocol";
import type { AnalysisView } from "./analysis/view";
import {
  DirectAnswerSchema,
  DirectCreateSchema,
  DirectIdSchema,
  FollowSetSchema,
  NameOnlySchema,
  NoPayloadSchema,
  PlayersSearchSchema,
  SOCIAL_CLIENT_EV as SOCIAL,
  type DirectChallengeView,
  type FollowView,
  type PlayerHit,
} from "./social";
import type { CorrTurnView } from "./correspondence";
import { BlockSetSchema, ChatHistorySchema, ChatSendSchema, ReportCreateSchema, type ChatLine } from "./protocol/chat";

/** One client event's contract. */
export interface ContractEntry {
  /** The payload: the server parses every inbound payload with it (BAD_PAYLOAD when it fails). */
  payload: z.ZodType;
  /** The acknowledgement's data: the ack is { ok: true, ...data } or { ok: false, error }. */
  ack: z.ZodType<object>;
}

// Acknowledgements are built by the server and never parsed: their schemas carry a type. The
// server's own data (GameState…) are TypeScript interfaces, which z.custom carries unchecked.
/** No data: a bare { ok: true }. */
const NoDataSchema = z.custom<Record<never, never>>();
/** A seat you now hold in a (new) game: keep the token, it is the only proof the seat is yours. */
const SeatGrantSchema = z.object({ gameId: z.string(), seatToken: z.string(), color: ColorSchema });
const JoinedSchema = z.object({
  state: z.custom<GameState>(),
  /** Your colour, or null when you watch. */
  color: ColorSchema.nullable(),
  seatToken: z.string().nullable(),
});
const GamesPageSchema = z.object({ games: z.array(z.custom<GameSummary>()), page: z.number().int(), pages: z.number().int() });

// Parsing schemas built once, when the module loads, not per connection: a zod schema carries its
// own compiled parser (kilobytes of code and strings), which 14,000 connections would each have
// kept a copy of.
/** No payload: the first page of live games. */
const ListOrFirstPageSchema = z.preprocess((v: z.input<typeof ListGamesSchema> | undefined) => v ?? {}, ListGamesSchema);
/** No payload: follow the TV. */
const TvWatchOrDefaultSchema = z.preprocess((v: z.input<typeof TvWatchSchema> | undefined) => v ?? {}, TvWatchSchema);

export const CONTRACT = {
  [EV.create]: { payload: CreateGameSchema, ack: SeatGrantSchema },
  [EV.createAiMatch]: { payload: CreateAiMatchSchema, ack: z.object({ gameId: z.string() }) },
  /** Enter a game's room (and get its full state); with a seat token or takeSeat, a seat too. */
  [EV.join]: { payload: JoinGameSchema, ack: JoinedSchema },
  [EV.leave]: { payload: LeaveGameSchema, ack: NoDataSchema },
  [EV.move]: { payload: MoveSchema, ack: NoDataSchema },
  /** A swap2 choice; the room hears the new state (seats exchanged when the colours change hands). */
  [EV.swap2]: { payload: Swap2ChooseSchema, ack: NoDataSchema },
  [EV.resign]: { payload: SeatActionSchema, ack: NoDataSchema },
  [EV.takeback]: { payload: SeatActionSchema, ack: NoDataSchema },
  /** A new game with the same settings and the colours swapped: your seat in it (the seat token is also your identity's). */
  [EV.rematch]: { payload: SeatActionSchema, ack: SeatGrantSchema },
  // Early endings between people (lib/server/games/endings): each answers bare, and the room hears the new state.
  /** Ends the game without a result (no rating change), before each side has moved. */
  [EV.abort]: { payload: SeatActionSchema, ack: NoDataSchema },
  /** Offers a draw (an offer of the opponent's standing: accepts it); it lapses when the opponent moves. */
  [EV.drawOffer]: { payload: SeatActionSchema, ack: NoDataSchema },
  [EV.drawAccept]: { payload: SeatActionSchema, ack: NoDataSchema },
  [EV.drawDecline]: { payload: SeatActionSchema, ack: NoDataSchema },
  /** The win over an opponent gone on their turn longer than the grace time (GameState.claimableAt). */
  [EV.claim]: { payload: SeatActionSchema, ack: NoDataSchema },
  [EV.list]: { payload: ListOrFirstPageSchema, ack: GamesPageSchema },
  [EV.tvWatch]: { payload: TvWatchOrDefaultSchema, ack: z.object({ current: z.custom<TvCurrent>() }) },
  /** Follow a tournament's page: EV.tournamentChanged when it changes (one tournament at a time per socket). */
  [EV.tournamentWatch]: { payload: TournamentWatchSchema, ack: NoDataSchema },
  /** Follow the lobby: its state now, then EV.lobby on every change; whether you wait in a pool. */
  [EV.lobbyWatch]: {
    payload: z.preprocess((v: z.input<typeof LobbyWatchSchema> | undefined) => v ?? {}, LobbyWatchSchema),
    ack: z.object({ lobby: z.custom<LobbyState>(), seeking: z.string().nullable() }),
  },
  [EV.challengeCreate]: { payload: ChallengeCreateSchema, ack: z.object({ challenge: z.custom<ChallengeView>() }) },
  /** The game it starts: go there (the author hears EV.started). */
  [EV.challengeAccept]: { payload: ChallengeIdSchema, ack: z.object({ gameId: z.string() }) },
  [EV.challengeWithdraw]: { payload: ChallengeIdSchema, ack: NoDataSchema },
  /** Wait in a pool: EV.started names the game once paired. */
  [EV.pairingJoin]: { payload: PairingJoinSchema, ack: z.object({ pool: z.string(), since: z.string() }) },
  [EV.pairingLeave]: { payload: z.preprocess((v) => v ?? {}, z.strictObject({})), ack: NoDataSchema },
  /** Analyse a finished game (queued; EV.analysis to its room as it goes): where it stands now. */
  [EV.analysisRequest]: { payload: AnalysisGameSchema, ack: z.object({ analysis: z.custom<AnalysisView>() }) },
  /** A game's analysis as it stands, or null when nobody asked for one. */
  [EV.analysisGet]: { payload: AnalysisGameSchema, ack: z.object({ analysis: z.custom<AnalysisView>().nullable() }) },
  // People (lib/shared/social, lib/server/social).
  /** Names starting with `prefix` (any case), at most 10. */
  [SOCIAL.playersSearch]: { payload: PlayersSearchSchema, ack: z.object({ players: z.array(z.custom<PlayerHit>()) }) },
  /** Follow or unfollow a player by name: the name as stored. */
  [SOCIAL.followSet]: { payload: FollowSetSchema, ack: z.object({ name: z.string() }) },
  /** Whom you follow: who is online, who is playing (a game to watch). */
  [SOCIAL.followList]: { payload: NoPayloadSchema, ack: z.object({ players: z.array(z.custom<FollowView>()) }) },
  [SOCIAL.followStatus]: { payload: NameOnlySchema, ack: z.object({ following: z.boolean() }) },
  /** Be told (EV.followChanged) when someone you follow comes online, leaves, or sits down in a game or gets up: how many are watched. */
  [SOCIAL.followWatch]: { payload: NoPayloadSchema, ack: z.object({ count: z.number() }) },
  /** Challenge a player by name: they hear EV.directIncoming; you hear EV.directAnswered (and EV.started once accepted). */
  [SOCIAL.directCreate]: { payload: DirectCreateSchema, ack: z.object({ challenge: z.custom<DirectChallengeView>() }) },
  /** Accept (the game's id) or decline a challenge addressed to you. */
  [SOCIAL.directAnswer]: { payload: DirectAnswerSchema, ack: z.object({ gameId: z.string().nullable() }) },
  [SOCIAL.directCancel]: { payload: DirectIdSchema, ack: NoDataSchema },
  /** Your pending challenges by name, to you and from you. */
  [SOCIAL.directInbox]: {
    payload: NoPayloadSchema,
    ack: z.object({ incoming: z.array(z.custom<DirectChallengeView>()), outgoing: z.array(z.custom<DirectChallengeView>()) }),
  },
  /** Your correspondence games where it is your move, the nearest deadline first. */
  [SOCIAL.corrTurns]: { payload: NoPayloadSchema, ack: z.object({ games: z.array(z.custom<CorrTurnView>()) }) },
  /** A chat message (its channel's room hears EV.chat, the sender too): the line as stored (profanity masked). */
  [EV.chatSend]: { payload: ChatSendSchema, ack: z.object({ line: z.custom<ChatLine>() }) },
  /** The lines kept in one of a game's chats that you may read (the players': its two players only). */
  [EV.chatHistory]: { payload: ChatHistorySchema, ack: z.object({ lines: z.array(z.custom<ChatLine>()) }) },
  /** Block or unblock a player by name (stored): the name as stored, and whom you block now. */
  [EV.blockSet]: { payload: BlockSetSchema, ack: z.object({ name: z.string(), blocked: z.array(z.string()) }) },
  [EV.blockList]: { payload: z.preprocess((v) => v ?? {}, z.strictObject({})), ack: z.object({ blocked: z.array(z.string()) }) },
  /** Report a player of a game to the operator (/mod). */
  [EV.reportCreate]: { payload: ReportCreateSchema, ack: z.object({ id: z.string() }) },
} as const satisfies { [E in ClientEvent]: ContractEntry };

export type { ClientEvent };
/** What a client may send with `E` (fields with a default may be left out). */
export type PayloadIn<E extends ClientEvent> = z.input<(typeof CONTRACT)[E]["payload"]>;
/** The payload argument(s) of a request for `E`: optional where no payload at all has a default (EV.list, EV.tvWatch). */
export type RequestArgs<E extends ClientEvent> = undefined extends PayloadIn<E> ? [payload?: PayloadIn<E>] : [payload: PayloadIn<E>];
/** What the server's handler of `E` gets: the payload parsed, defaults filled in. */
export type Payload<E extends ClientEvent> = z.output<(typeof CONTRACT)[E]["payload"]>;
/** The data of `E`'s acknowledgement when it succeeds. */
export type AckData<E extends ClientEvent> = z.output<(typeof CONTRACT)[E]["ack"]>;
/** `E`'s acknowledgement: { ok: true, ...AckData<E> } or { ok: false, error }. */
export type AckOf<E extends ClientEvent> = Ack<AckData<E>>;

/** socket.io's client → server events, from the map: every event takes its payload and an ack callback. */
export type ClientToServer = { [E in ClientEvent]: (payload: PayloadIn<E>, ack: (ack: AckOf<E>) => void) => void };

/** What a server implements: for every event, a handler of its parsed payload that resolves with its ack's data. */
export type Handlers<Ctx> = { [E in ClientEvent]: (ctx: Ctx, payload: Payload<E>) => Promise<AckData<E>> };
