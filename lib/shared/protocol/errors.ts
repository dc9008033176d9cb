// How a refusal reads on the wire: a code and a sentence (the pages word the code in the reader's
// language: messages/*/errors), and the acknowledgement every client event is answered with.

export type ErrorCode =
  | "BAD_PAYLOAD"
  | "UNKNOWN_EVENT"
  | "NOT_FOUND"
  | "NOT_YOUR_SEAT"
  | "NOT_YOUR_TURN"
  | "SPECTATOR"
  | "OFF_BOARD"
  | "OCCUPIED"
  /** Renju: the point is forbidden for black (double three, double four or overline). */
  | "FORBIDDEN"
  | "WRONG_PLY"
  /** Swap2: not the moment for this (a stone while a colour is being chosen, a choice while stones are placed). */
  | "WRONG_PHASE"
  | "GAME_OVER"
  | "NOT_STARTED"
  | "SEAT_TAKEN"
  | "NOT_ALLOWED"
  | "RATE_LIMITED"
  /** The AI cannot take another search now (its cap for this game, or its queue is full): try again shortly. */
  | "AI_BUSY"
  /** Identity (lib/server/identity): the name belongs to someone else. */
  | "NAME_TAKEN"
  /** Identity: the name is reserved (the site's roles, words that read as nobody: lib/server/identity/reserved). */
  | "NAME_RESERVED"
  /** Sign-in refused: the same sentence whether the name or the password is wrong. */
  | "BAD_CREDENTIALS"
  /** This needs a session (the page makes one on its first visit): reload the page. */
  | "NOT_SIGNED_IN"
  /** Sign-up from a session that is already an account. */
  | "ALREADY_ACCOUNT"
  /** Lobby: you are waiting in a pairing pool already, or hold as many open challenges as you may. */
  | "LIMIT"
  /** Lobby: a break after aborting too many games within 24 hours (lib/server/limits/aborts); retryMs says how long. */
  | "TOO_MANY_ABORTS"
  /** Analysis: this game is analysed already, or its analysis is under way. */
  | "ALREADY_REQUESTED"
  /** Analysis: only a finished game can be analysed. */
  | "NOT_FINISHED"
  /** Analysis: the queue holds as many analyses as it may (ANALYSIS_QUEUE_MAX). */
  | "QUEUE_FULL"
  /** Chat, challenges, pairing: one of the two players blocked the other (lib/server/moderation/blocks). */
  | "BLOCKED"
  /** Chat: the operator muted this player site-wide for a time (lib/server/moderation/mutes); the message says until when. */
  | "MUTED"
  | "INTERNAL";

/**
 * Why a refusal of the people's events (lobby challenges and pairing, challenges by name, follows,
 * blocks, reports, chat) was made, more precisely than its code: the pages word it in the reader's
 * language (messages/<locale>/errors.json "reasons", with ErrorInfo.params), where the code alone
 * would say a generic sentence ("LIMIT": "as many as you may").
 */
export const REFUSAL_REASONS = [
  "openChallenges",
  "addressChallenges",
  "ownChallenge",
  "challengeGone",
  "challengeTaken",
  "challengeBlocked",
  "noOpenChallenge",
  "alreadyWaiting",
  "challengeSelf",
  "directBlocked",
  "directAgain",
  "directPending",
  "directHour",
  "receiverPending",
  "receiverHour",
  "directGone",
  "directNotYours",
  "directAnswered",
  "directPlayBlocked",
  "noPendingDirect",
  "followSelf",
  "followDay",
  "followBlocked",
  "followMax",
  "noPlayer",
  "blockSelf",
  "blocksMax",
  "reportSelf",
  "reportNoGame",
  "reportNotInGame",
  "reportsDay",
  "reportedAlready",
  "chatNoGame",
  "chatOpenGame",
  "chatBlocked",
  "chatFull",
  "playersChatOnly",
  "spectatorsChatOnly",
  "mutedUntil",
  "tourChatNoEvent",
  "tourChatOpen",
  "tourChatFull",
  "reportNotInEvent",
  "tourLiveMine",
  "tourDay",
  "tourFull",
  "tourOver",
  "tourEngineJoin",
  "tourNotJoined",
  "tourPauseSwiss",
  "tourPauseInGame",
  "tourBerserkSwiss",
  "tourBerserkMoved",
  "tourNoGame",
  "tourRematch",
  "tourCancelCreator",
  "tourCancelStarted",
  "tourSwissSoon",
  "engineConfigs",
  "engineMoveTime",
  "engineGames",
  "engineLiveSite",
  "engineLiveMine",
  "engineStopCreator",
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  /** Which refusal, more precisely than the code, worded by the pages with `params`: the people's (RefusalReason: names,
   * counts, caps, `until` as an ISO time), an import's (lib/shared/import-errors, ImportErrorInfo). */
  reason?: string;
  params?: Record<string, string | number>;
  /** RATE_LIMITED, TOO_MANY_ABORTS: how long to wait before the next try, in ms (the message says it too). */
  retryMs?: number;
  /** FORBIDDEN: which renju foul it would be (the page words it in the reader's language). */
  forbidden?: "double-three" | "double-four" | "overline";
}
export type Ack<T = object> = ({ ok: true } & T) | { ok: false; error: ErrorInfo };
